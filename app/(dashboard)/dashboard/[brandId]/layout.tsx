import type { ReactNode } from "react";
import { notFound } from "next/navigation";
import { dashboardContext, requireStaffHome } from "@/app/_auth/session";
import { DashboardShell } from "@/components/dashboard/shell";

export const dynamic = "force-dynamic";

const NAV: [path: string, label: string][] = [
  ["overview", "Overview"],
  ["accounts", "Customer accounts"],
  ["users", "Users"],
  ["subscriptions", "Subscriptions"],
  ["invoices", "Invoices"],
  ["payments", "Payments"],
  ["pay-methods", "Pay methods"],
  ["tickets", "Tickets"],
  ["notes", "Notes"],
  ["knowledge", "Knowledge base"],
  ["product-groups", "Product groups"],
  ["products", "Products"],
  ["components", "Components"],
  ["coupons", "Coupons"],
  ["dunning-rules", "Dunning rules"],
  ["notifications", "Notifications"],
  ["gateways", "Payment gateways"],
  ["staff", "Staff"],
  ["settings", "Brand settings"],
  ["security", "Security"],
];

/** The staff context for the brand in the URL (or sign-in, or 404), with the brand switcher and navigation. */
export default async function BrandLayout({ children, params }: { children: ReactNode; params: Promise<{ brandId: string }> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const home = await requireStaffHome();
  if (!home.brands.some((b) => b.id === ctx.brand.id)) notFound();
  const base = `/dashboard/${brandId}`;
  // Every section of the dashboard, in the order a support agent reaches for them.
  const nav = NAV.map(([path, label]) => ({ href: `${base}/${path}`, label }));
  return (
    <DashboardShell brandId={brandId} brands={home.brands} nav={nav} staff={home.staff}>
      {children}
    </DashboardShell>
  );
}
