/**
 * What an action revalidates (app/_auth/revalidation.ts): the pages that show what it changed. Every
 * registered action (lib/dashboard/actions, lib/portal/actions) has its row, falling back to the
 * whole layout only where the table says so, and every page the table names exists under app/.
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NAMED_PAGES, PORTAL_CHANGES, STAFF_CHANGES, portalRevalidation, staffRevalidation } from "../app/_auth/revalidation";
import { staffActions } from "../lib/dashboard/actions";
import { portalActions } from "../lib/portal/actions";

const APP = path.resolve(__dirname, "../app");

/** The addresses of the pages under `dir`, route groups left out, each dynamic segment as `[]`. */
function pageRoutes(dir: string, route = ""): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      const segment = /^\(.*\)$/.test(entry) ? "" : `/${entry.replace(/^\[.*\]$/, "[]")}`;
      out.push(...pageRoutes(full, route + segment));
    } else if (entry === "page.tsx") out.push(route);
  }
  return out;
}
const asRoute = (template: string) => template.replace(/\[\w+\]/g, "[]");
/** The page a template names exists (a section: some page at or under it). */
function missingPages(templates: readonly string[], routes: string[]) {
  return templates.filter((t) => {
    const route = asRoute(t.replace(/\/\*$/, ""));
    return t.endsWith("/*") ? !routes.some((r) => r === route || r.startsWith(`${route}/`)) : !routes.includes(route);
  });
}

describe("revalidation", () => {
  it("has a row for every registered action, and none for an action that is not", () => {
    expect(Object.keys(STAFF_CHANGES).sort()).toEqual(Object.keys(staffActions).sort());
    expect(Object.keys(PORTAL_CHANGES).sort()).toEqual(Object.keys(portalActions).sort());
  });

  it("falls back to the whole layout on purpose only: the brand's settings, its clock, a new brand, the customer's profile", () => {
    const everything = (table: Record<string, unknown>) =>
      Object.entries(table)
        .filter(([, change]) => change === "everything")
        .map(([name]) => name)
        .sort();
    expect(everything(STAFF_CHANGES)).toEqual(["brandCreate", "brandUpdate", "testClockAdvance"]);
    expect(everything(PORTAL_CHANGES)).toEqual(["updateProfile"]);
    expect(staffRevalidation("brandUpdate", "b1", {})).toEqual([{ path: "/dashboard/b1", type: "layout" }]);
    // An action bound outside the registry: the safe fallback.
    expect(staffRevalidation(undefined, "b1", {})).toEqual([{ path: "/dashboard/b1", type: "layout" }]);
    expect(portalRevalidation("updateProfile", {})).toEqual([{ path: "/portal", type: "layout" }]);
  });

  it("names only pages that exist under app/", () => {
    const dashboard = pageRoutes(path.join(APP, "(dashboard)/dashboard/[brandId]"));
    const portal = pageRoutes(path.join(APP, "(portal)/portal"));
    expect(dashboard.length).toBeGreaterThan(50);
    expect(missingPages(NAMED_PAGES.dashboard, dashboard)).toEqual([]);
    expect(missingPages(NAMED_PAGES.portal, portal)).toEqual([]);
  });

  it("revalidates the pages of what changed: an invoice's, its account's hub, the lists that show it", () => {
    const paths = staffRevalidation("invoiceUpdate", "b1", { invoice_id: "i1", customer_account_id: "a1" });
    expect(paths).toEqual(
      expect.arrayContaining([
        { path: "/dashboard/b1/invoices" },
        { path: "/dashboard/b1/invoices/i1", type: "layout" },
        { path: "/dashboard/b1/accounts/a1" },
        { path: "/dashboard/b1/payments" },
        { path: "/dashboard/b1/overview" },
        { path: "/dashboard/b1/audit" },
      ]),
    );
    expect(paths.some((p) => p.path === "/dashboard/b1" || p.path.includes("/tickets"))).toBe(false);
    // An id not known (or not an id): the whole section.
    expect(staffRevalidation("paymentCreate", "b1", { customer_account_id: "../x" })).toEqual(
      expect.arrayContaining([{ path: "/dashboard/b1/accounts", type: "layout" }]),
    );
    // A read revalidates nothing.
    expect(staffRevalidation("subscriptionEstimate", "b1", {})).toEqual([]);
    expect(portalRevalidation("estimateUpdate", { subscription_id: "s1" })).toEqual([]);
    expect(portalRevalidation("payInvoice", { invoice_id: "i1" })).toEqual([
      { path: "/portal" },
      { path: "/portal/invoices" },
      { path: "/portal/invoices/i1" },
    ]);
  });
});
