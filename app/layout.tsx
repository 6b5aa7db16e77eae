import type { ReactNode } from "react";
import "./globals.css";

export const metadata = { title: "Recurring Billing", description: "Subscriptions, invoices, payments and support for your brands" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
