import type { ReactNode } from "react";
import { notFound } from "next/navigation";
import { dashboardContext, requireStaffHome } from "@/app/_auth/session";
import { DashboardShell } from "@/components/dashboard/shell";
import { SandboxBanner } from "@/components/dashboard/sandbox-banner";
import { formatInstant } from "@/lib/format";
import { AccountChoicesProvider } from "@/components/forms/account-picker";
import { AmountsCurrencyProvider } from "@/components/forms/form";
import { quickSearch } from "./search/actions";
import { findAccountChoices } from "./accounts/actions";

export const dynamic = "force-dynamic";

type Section = [path: string, label: string, adminOnly?: "admin"];

/** Every section of the dashboard in groups, in the order a support agent reaches for them. */
const NAV: [group: string, sections: Section[]][] = [
  ["Insights", [["overview", "Overview"]]],
  [
    "Customers",
    [
      ["accounts", "Customer accounts"],
      ["users", "Users"],
      ["notes", "Notes"],
    ],
  ],
  [
    "Billing",
    [
      ["subscriptions", "Subscriptions"],
      ["invoices", "Invoices"],
      ["payments", "Payments"],
      ["credit-notes", "Credit notes"],
      ["pay-methods", "Pay methods"],
      ["dunning-rules", "Dunning rules"],
    ],
  ],
  [
    "Support",
    [
      ["tickets", "Tickets"],
      ["knowledge", "Knowledge base"],
    ],
  ],
  [
    "Catalog",
    [
      ["product-groups", "Product groups"],
      ["products", "Products"],
      ["components", "Components"],
      ["coupons", "Coupons"],
    ],
  ],
  [
    "Operations",
    [
      ["deliveries", "Deliveries"],
      ["audit", "Audit log"],
    ],
  ],
  [
    "Settings",
    [
      ["settings", "Brand settings"],
      ["notifications", "Notifications"],
      ["gateways", "Payment gateways"],
      ["brands", "Brands", "admin"],
      ["staff", "Staff", "admin"],
      ["api-keys", "API keys", "admin"],
      ["test-clock", "Test clock"],
      ["security", "Security"],
    ],
  ],
];

/** The staff context for the brand in the URL (or sign-in, or 404), with the brand switcher and navigation. */
export default async function BrandLayout({ children, params }: { children: ReactNode; params: Promise<{ brandId: string }> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const home = await requireStaffHome();
  if (!home.brands.some((b) => b.id === ctx.brand.id)) notFound();
  const base = `/dashboard/${brandId}`;
  // A USER is refused these by the server anyway; the navigation does not offer them.
  const admin = home.staff.accessLevel === "ADMIN";
  const nav = NAV.map(([label, sections]) => ({
    label,
    items: sections.filter(([, , only]) => admin || !only).map(([path, text]) => ({ href: `${base}/${path}`, label: text })),
  }));
  return (
    <DashboardShell brandId={brandId} brands={home.brands} nav={nav} staff={home.staff} search={quickSearch}>
      {ctx.brand.sandbox && <SandboxBanner brandId={brandId} clock={formatInstant(ctx.now())} />}
      <AmountsCurrencyProvider currency={ctx.brand.currency}>
        <AccountChoicesProvider find={findAccountChoices}>{children}</AccountChoicesProvider>
      </AmountsCurrencyProvider>
    </DashboardShell>
  );
}
