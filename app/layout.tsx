import type { ReactNode } from "react";
import { connection } from "next/server";
import "./globals.css";

export const metadata = { title: "Recurring Billing", description: "Subscriptions, invoices, payments and support for your brands" };

/** Every page renders per request: its scripts carry the request's CSP nonce (proxy.ts), which a page built ahead could not. */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
