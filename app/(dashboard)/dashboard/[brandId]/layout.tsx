import type { ReactNode } from "react";
import { notFound } from "next/navigation";
import { dashboardContext, requireStaffHome } from "@/app/_auth/session";
import { DashboardShell } from "@/components/dashboard/shell";

export const dynamic = "force-dynamic";

/** The staff context for the brand in the URL (or sign-in, or 404), with the brand switcher and navigation. */
export default async function BrandLayout({ children, params }: { children: ReactNode; params: Promise<{ brandId: string }> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const home = await requireStaffHome();
  if (!home.brands.some((b) => b.id === ctx.brand.id)) notFound();
  const base = `/dashboard/${brandId}`;
  const nav = [
    { href: `${base}/accounts`, label: "Customer accounts" },
    { href: `${base}/subscriptions`, label: "Subscriptions" },
    { href: `${base}/invoices`, label: "Invoices" },
    { href: `${base}/settings`, label: "Brand settings" },
    { href: `${base}/security`, label: "Security" },
  ];
  return (
    <DashboardShell brandId={brandId} brands={home.brands} nav={nav} staff={home.staff}>
      {children}
    </DashboardShell>
  );
}
