/**
 * The shared pieces of the record pages and of both UIs' tables (components/ui/table.tsx,
 * lines-table.tsx, components/dashboard/detail.tsx), rendered as the server sends them.
 */
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Table, type Column } from "../components/ui/table";
import { LinesTable } from "../components/ui/lines-table";
import { DetailHead, Facts, recordDates } from "../components/dashboard/detail";

type Tax = { month: string; tax: number };
const taxColumns: Column<Tax>[] = [
  { header: "Month", rowHeader: true, cell: (r) => r.month },
  { header: "Invoices", numeric: true, cell: () => 1 },
  { header: "Tax", numeric: true, cell: (r) => `$${r.tax}` },
];

describe("Table", () => {
  it("sums a dashboard table: the total row's label heads it, its figure stands under the last column", () => {
    const html = renderToStaticMarkup(
      h(Table<Tax>, { caption: "Tax by month", rows: [{ month: "May", tax: 5 }], columns: taxColumns, sums: [{ label: "Total", value: "$5" }] }),
    );
    expect(html).toContain('<caption class="visually-hidden">Tax by month</caption>');
    expect(html).toContain('<th scope="row">May</th><td class="num" data-label="Invoices">1</td>');
    expect(html).toContain('<tfoot><tr><th scope="row" colSpan="2">Total</th><td class="num">$5</td></tr></tfoot>');
    // No label: not a focusable region.
    expect(html).toMatch(/^<div class="table-scroll"><table>/);
  });

  it("names a dashboard table's scrolling region by its label", () => {
    const html = renderToStaticMarkup(h(Table<Tax>, { label: "Taxes of this invoice", rows: [], columns: taxColumns, stackOnPhone: true }));
    expect(html).toMatch(/^<div class="table-scroll stack-on-phone" tabindex="0" role="region" aria-label="Taxes of this invoice"><table>/);
  });

  it("draws the portal's table, its groups and summing rows keeping the phone's columns", () => {
    const html = renderToStaticMarkup(
      h(LinesTable, {
        look: "portal",
        unitPrices: true,
        lines: [{ name: "Seat", quantity: 3, unitPrice: "$2", amount: "$6" }],
        groups: [{ label: "Discounts", rows: [{ label: "Spring", value: "-$1" }] }],
        sums: [{ label: "Total", value: "$5" }],
      }),
    );
    expect(html).toMatch(/^<div class="p-table-wrap"><table class="p-table">/);
    expect(html).toContain('<th scope="col" class="num wide-only">Qty</th>');
    expect(html).toContain('Seat<span class="muted"> × 3</span>');
    expect(html).toContain('<td class="num wide-only" data-label="Unit price">$2</td>');
    expect(html).toContain(
      '<tbody aria-label="Discounts"><tr><th scope="rowgroup" colSpan="4">Discounts</th></tr><tr><td>Spring</td><td class="wide-only"></td><td class="wide-only"></td><td class="num">-$1</td></tr></tbody>',
    );
    expect(html).toContain('<tfoot><tr><td>Total</td><td class="wide-only"></td><td class="wide-only"></td><td class="num">$5</td></tr></tfoot>');
  });

  it("shows an estimate's lines in the dashboard with their quantity in its column, under the heading asked for", () => {
    const html = renderToStaticMarkup(h(LinesTable, { label: "Charges due now", item: "Charge now", lines: [{ name: "Pro", quantity: 1, amount: "25.00" }] }));
    expect(html).toContain('aria-label="Charges due now"');
    expect(html).toContain('<th scope="col">Charge now</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Amount</th>');
    expect(html).toContain('<td data-label="Charge now">Pro</td><td class="num" data-label="Qty">1</td><td class="num" data-label="Amount">25.00</td>');
  });
});

describe("a record page's shell", () => {
  it("lists the facts that apply, figures aligned, the deleted date only when deleted", () => {
    const at = new Date("2026-03-09T10:00:00Z");
    const html = renderToStaticMarkup(
      h(Facts, { facts: [["Total", "$5", "num"], false, null, ["Notes", "a\nb", "prose"], ...recordDates(at, null), ...recordDates(at, at, "Added")] }),
    );
    expect(html).toBe(
      '<dl class="details"><dt>Total</dt><dd class="num">$5</dd><dt>Notes</dt><dd style="white-space:pre-line">a\nb</dd>' +
        "<dt>Created</dt><dd>2026-03-09 10:00 UTC</dd><dt>Added</dt><dd>2026-03-09 10:00 UTC</dd><dt>Deleted</dt><dd>2026-03-09 10:00 UTC</dd></dl>",
    );
  });

  it("heads the page with the way back to its list, the name and its badge, and its actions", () => {
    const html = renderToStaticMarkup(
      h(DetailHead, { list: { href: "/d/users", label: "Users" }, title: "Ann Lee", badge: h("span", { className: "badge" }, "Active") }, "Edit"),
    );
    expect(html).toBe(
      '<p class="breadcrumb"><a href="/d/users">Users</a> / Ann Lee</p><div class="page-head"><h1>Ann Lee <span class="badge">Active</span></h1><div class="actions">Edit</div></div>',
    );
  });
});
