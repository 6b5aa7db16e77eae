/**
 * Every dashboard list's table as the server renders it (headings, which headings sort, links,
 * formats, badges, filters, empty states), from rows of each shape. The tables are declared with the
 * column builders of components/data-table/columns.tsx; the snapshot holds what they render, so a
 * change to a builder or a table shows here as the exact cells it changes.
 */
import { createElement, type ComponentType, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { TableQuery } from "../components/data-table/search-params";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push() {}, refresh() {} }),
  usePathname: () => "/dashboard/b1/list",
  useSearchParams: () => new URLSearchParams(),
  useParams: () => ({ brandId: "b1" }),
}));
vi.mock("next/link", () => ({
  default: ({ href, children, ...rest }: { href: string; children?: ReactNode }) => createElement("a", { href, ...rest }, children),
}));
// The tables' row actions (delete a note, archive a tax rate, a gateway's buttons) call server actions: not here.
vi.mock("@/app/_auth/staff-action", () => ({ staffAction: () => async () => ({ ok: true, data: {} }) }));

const { AccountChoicesProvider } = await import("../components/forms/account-picker");
const dash = "../app/(dashboard)/dashboard/[brandId]";
const { SubscriptionsTable } = await import(`${dash}/subscriptions/columns`);
const { AccountsTable } = await import(`${dash}/accounts/columns`);
const { InvoicesTable } = await import(`${dash}/invoices/columns`);
const { PaymentsTable } = await import(`${dash}/payments/columns`);
const { CreditNotesTable } = await import(`${dash}/credit-notes/columns`);
const { UsersTable } = await import(`${dash}/users/columns`);
const { ArticlesTable } = await import(`${dash}/knowledge/columns`);
const { TicketsTable } = await import(`${dash}/tickets/columns`);
const { ProductsTable } = await import(`${dash}/products/columns`);
const { ComponentsTable } = await import(`${dash}/components/columns`);
const { GroupsTable } = await import(`${dash}/product-groups/columns`);
const { CouponsTable } = await import(`${dash}/coupons/columns`);
const { RulesTable } = await import(`${dash}/dunning-rules/columns`);
const { DeliveriesTable } = await import(`${dash}/deliveries/columns`);
const { PayMethodsTable } = await import(`${dash}/pay-methods/columns`);
const { GatewaysTable } = await import(`${dash}/gateways/columns`);
const { TaxRatesTable } = await import(`${dash}/tax-rates/columns`);
const { NotesTable } = await import(`${dash}/notes/columns`);
const { NotificationsTable } = await import(`${dash}/notifications/columns`);
const { StaffTable } = await import(`${dash}/staff/columns`);
const { AuditTable } = await import(`${dash}/audit/columns`);

const created = new Date("2026-03-04T05:06:07Z");
// Every column id of every list: a heading sorts unless its column says it cannot.
const sortKeys = [
  ...["product", "account", "status", "start_date", "renewal_date", "next", "auto_pay", "created_at", "last_name", "email_address", "company_name"],
  ...["prepaid_balance", "invoice", "due_date", "total", "paid", "balance", "payment", "to", "method", "amount", "number", "reason", "destination", "tax"],
  ...["username", "access_level", "title", "category", "tags", "view_count", "friendly_ticket_id", "subject", "working_status", "direction"],
  ...["department", "messages", "updated_at", "name", "group", "recurring_price", "expiration_interval", "trial", "component_type", "unit_price"],
  ...["description", "variables", "coupon_code", "discount", "duration", "redemption_count", "expiration_date", "overdue_days", "overdue_amount"],
  ...["enforcement_action", "type", "channel", "target", "customer", "attempts", "expires", "verified", "default", "provider", "credentials", "actions"],
  ...["percentage", "country", "state", "kind", "linked", "delete", "event", "from", "email", "two_factor", "created", "at", "actor", "record", "changes"],
];
const query = (filters: Record<string, string> = {}): TableQuery<string> => ({
  page: 1,
  pageSize: 25,
  q: "",
  filters,
  sort: { key: "created_at", dir: "desc" },
});

/** The table's HTML; React's text separators (`<!-- -->`) are left out: they are not what anyone reads. */
function html(Table: ComponentType<Record<string, unknown>>, rows: object[], props: Record<string, unknown> = {}, filters?: Record<string, string>) {
  // A list filtered by customer account has the account picker, which asks the layout's finder.
  const find = async () => ({ ok: true as const, data: { accounts: [], more: false } });
  const table = createElement(Table, { brandId: "b1", sortKeys, rows, total: rows.length, query: query(filters), ...props });
  const out = renderToString(createElement(AccountChoicesProvider, { find, children: table }));
  return out.replaceAll("<!-- -->", "").replace(/_R_[A-Za-z0-9_]*_/g, "«id»");
}

const tables: [name: string, Table: unknown, rows: object[], props?: Record<string, unknown>][] = [
  [
    "subscriptions",
    SubscriptionsTable,
    [
      { id: "s1", productName: "Pro", nextRenewalCents: 2500, renewalDate: "2026-04-01", autoPay: true, status: 1 },
      { id: "s2", productName: null, nextRenewalCents: null, renewalDate: null, autoPay: false, status: 3 },
    ].map((s) => ({ ...s, customerAccountId: "a1", customerName: "Ada Lovelace", startDate: "2026-03-01", currency: "USD", createdAt: created })),
  ],
  [
    "accounts",
    AccountsTable,
    [
      { id: "a1", firstName: "Ada", lastName: "Lovelace", emailAddress: "ada@x.example", companyName: "Engines", prepaidBalanceCents: 1234, status: 1 },
      { id: "a2", firstName: "Bob", lastName: "Percent", emailAddress: "bob@x.example", companyName: null, prepaidBalanceCents: 0, status: 2 },
    ].map((a) => ({ ...a, currency: "EUR", createdAt: created })),
  ],
  [
    "invoices",
    InvoicesTable,
    [
      { id: "i1", number: "NC-000042", status: 2, totalCents: 10000, paidCents: 4000, balanceCents: 6000 },
      { id: "i2", number: "", status: 0, totalCents: 500, paidCents: 0, balanceCents: 500 },
    ].map((i) => ({ ...i, customerAccountId: "a1", customerName: "Ada Lovelace", dueDate: "2026-03-15", currency: "USD", createdAt: created })),
  ],
  [
    "payments",
    PaymentsTable,
    [
      { id: "p0000001111", invoiceId: "i1", invoiceNumber: "NC-000042", status: "succeeded", method: "Visa …4242" },
      { id: "p0000002222", invoiceId: null, invoiceNumber: null, status: "reversed", method: "Prepaid balance" },
    ].map((p) => ({ ...p, customerAccountId: "a1", customerName: "Ada Lovelace", amountCents: 2500, currency: "USD", createdAt: created })),
  ],
  [
    "credit notes",
    CreditNotesTable,
    [
      { id: "c1", number: "CN-1", invoiceNumber: "NC-000042", reason: "refunded", destination: "refund", amountCents: 1200, taxCents: 200 },
      { id: "c2", number: "CN-2", invoiceNumber: null, reason: "repriced", destination: "prepaid_balance", amountCents: 300, taxCents: 0 },
    ].map((n) => ({ ...n, customerAccountId: "a1", customerName: "Ada Lovelace", invoiceId: "i1", currency: "USD", createdAt: created })),
  ],
  [
    "users",
    UsersTable,
    [
      { user_id: "u1", first_name: "Ann", last_name: "Lee", access_level: "ADMIN", status: 1 },
      { user_id: "u2", first_name: "Bo", last_name: "Ray", access_level: "USER", status: 2 },
    ].map((u) => ({ ...u, customer_account_id: "a1", username: `${u.first_name}1`, email_address: "x@x.example", created: created.toISOString() })),
  ],
  [
    "articles",
    ArticlesTable,
    [
      { id: "k1", title: "Billing", tags: "money", visibility: 1, status: 1 },
      { id: "k2", title: "Hidden", tags: "", visibility: 2, status: 1 },
      { id: "k3", title: "Gone", tags: "", visibility: 1, status: 3 },
    ].map((a) => ({ ...a, categoryName: "Help", viewCount: 7, createdAt: created })),
    { categories: [{ value: "c1", label: "Help" }] },
  ],
  [
    "tickets",
    TicketsTable,
    [
      { id: "t1", number: 12, direction: "INBOUND", workingStatus: "OPEN", department: "Sales" },
      { id: "t2", number: 13, direction: "OUTBOUND", workingStatus: "ON HOLD", department: null },
    ].map((t) => ({ ...t, subject: "Help", messageCount: 2, updatedAt: created })),
    { departments: [{ value: "Sales", label: "Sales" }] },
  ],
  [
    "products",
    ProductsTable,
    [
      { id: "pr1", name: "Pro", expirationInterval: 1, intervalUnit: "month", trial: true, status: 1, price: "$25.00" },
      { id: "pr2", name: "Once", expirationInterval: 0, intervalUnit: "month", trial: false, status: 2, price: "$5.00" },
    ].map((p) => ({ ...p, productGroupId: "g1", groupName: "Plans" })),
    { groups: [{ value: "g1", label: "Plans" }] },
  ],
  [
    "components",
    ComponentsTable,
    [
      { id: "co1", name: "Seats", type: "quantitative", status: 1 },
      { id: "co2", name: "Calls", type: "metered", status: 3 },
    ].map((c) => ({ ...c, productGroupId: "g1", groupName: "Plans", price: "$1.00" })),
    { groups: [{ value: "g1", label: "Plans" }] },
  ],
  [
    "product groups",
    GroupsTable,
    [
      { product_group_id: "g1", name: "Plans", description: "All plans", variables: 2, status: 1, created },
      { product_group_id: "g2", name: "Old", description: "", variables: 0, status: 2, created },
    ],
  ],
  [
    "coupons",
    CouponsTable,
    [
      { id: "cp1", code: "TEN", name: "Ten off", duration: "forever", durationCycles: null, expirationDate: "2026-12-31", maxRedemptions: 5, status: "active" },
      { id: "cp2", code: "ONCE", name: "Once", duration: "once", durationCycles: null, expirationDate: null, maxRedemptions: null, status: "expired" },
    ].map((c) => ({ ...c, redemptionCount: 3, discount: "10%" })),
  ],
  [
    "dunning rules",
    RulesTable,
    [
      { id: "r1", name: "Remind", overdueDays: 3, action: "none", overdueAmount: "$0.00" },
      { id: "r2", name: "Cancel", overdueDays: 30, action: "cancel", overdueAmount: "$10.00" },
    ].map((r) => ({ ...r, productGroupId: "g1", groupName: "Plans" })),
    { groups: [{ value: "g1", label: "Plans" }] },
  ],
  [
    "deliveries",
    DeliveriesTable,
    [
      {
        delivery_id: "d000000001",
        channel: "email",
        status: "delivered",
        kept: "mailbox",
        target: "ada@x.example",
        customer_account_id: "a1",
        customer_name: "Ada Lovelace",
        next_attempt_at: null,
        replay_count: 2,
      },
      {
        delivery_id: "d000000002",
        channel: "post",
        status: "retrying",
        kept: null,
        target: "",
        customer_account_id: "a0000000009",
        customer_name: null,
        next_attempt_at: created,
        replay_count: 0,
      },
    ].map((d) => ({ ...d, type: "Invoice/Create", attempts: 1, created_at: created })),
    { types: [{ value: "Invoice/Create", label: "Invoice/Create" }] },
  ],
  [
    "pay methods",
    PayMethodsTable,
    [
      { pay_method_id: "pm1", pay_method_type: "CC", brand: "Visa", last_four: "4242", expires: "04/2030", verified: "Y", is_default: "Y" },
      { pay_method_id: "pm2", pay_method_type: "BA", brand: null, last_four: "6789", expires: "—", verified: "N", is_default: "N" },
    ].map((p) => ({ ...p, customer_account_id: "a1", customer_name: "Ada Lovelace", created })),
  ],
  ...[true, false].map((admin): [string, unknown, object[], Record<string, unknown>] => [
    `gateways (admin ${admin})`,
    GatewaysTable,
    [
      { gateway_id: "gw1", name: "Sandbox", gateway_provider: "sandbox", credentials_1: "pk_…1234", default_cc: "Y", default_ba: "Y", created },
      { gateway_id: "gw2", name: "Stripe", gateway_provider: "stripe", credentials_1: "pk_…9999", default_cc: "N", default_ba: "N", created },
    ],
    { admin },
  ]),
  ...[true, false].map((admin): [string, unknown, object[], Record<string, unknown>] => [
    `tax rates (admin ${admin})`,
    TaxRatesTable,
    [
      { tax_rate_id: "tr1", name: "VAT", percentage: "20", country: "GB", state: null, inclusive: "Y", reverse_charge: "Y" },
      { tax_rate_id: "tr2", name: "Sales tax", percentage: "7.25", country: "US", state: "CA", inclusive: "N", reverse_charge: "N" },
    ],
    { admin },
  ]),
  [
    "notes",
    NotesTable,
    [
      {
        note_id: "n1",
        subject: "Call",
        contents: "x".repeat(150),
        customer_account_id: "a1",
        account_name: "Ada",
        subscription_id: "s1",
        invoice_id: "i1",
        created,
      },
      { note_id: "n2", subject: "Short", contents: "Hi", customer_account_id: "a0000000009", subscription_id: null, invoice_id: null, created },
    ],
  ],
  [
    "notifications",
    NotificationsTable,
    [
      {
        id: "nt1",
        event: "Invoice/Create",
        notifyCustomer: true,
        notifyBrand: true,
        brandEmail: "ops@x.example",
        fromEmail: "billing@x.example",
        subjectCustomer: "Your invoice",
        status: 1,
      },
      {
        id: "nt2",
        event: "Payment/Create",
        notifyCustomer: false,
        notifyBrand: false,
        brandEmail: null,
        fromEmail: "billing@x.example",
        subjectCustomer: null,
        status: 3,
      },
    ],
  ],
  [
    "staff",
    StaffTable,
    [
      {
        staff_user_id: "st1",
        name: "Admin",
        email: "admin@x.example",
        access_level: "ADMIN",
        status: "active",
        two_factor: true,
        created: created.toISOString(),
      },
      { staff_user_id: "st2", name: "New", email: "new@x.example", access_level: "USER", status: "invited", two_factor: false, created: created.toISOString() },
    ],
    { me: "st1", sortKeys: [] },
  ],
  [
    "audit",
    AuditTable,
    [
      {
        id: 1,
        at: created.toISOString(),
        action: "update",
        resource: "customer_account",
        resourceLabel: "Customer account",
        recordId: "a0000000001",
        customerAccountId: "a1",
        actorKind: "staff",
        actorId: "st1",
        actor: "Admin (admin@x.example)",
        apiKeyId: null,
        requestId: "req-1",
        clientAddress: "10.0.0.1",
        changes: [{ field: "first_name", old: "Ada", new: "Ann" }],
      },
      {
        id: 2,
        at: created.toISOString(),
        action: "delete",
        resource: "note",
        resourceLabel: "Note",
        recordId: "n0000000002",
        customerAccountId: null,
        actorKind: "system",
        actorId: null,
        actor: "System",
        apiKeyId: null,
        requestId: "system",
        clientAddress: null,
        changes: [],
      },
    ],
    { searching: false },
  ],
];

describe("a dashboard list's table", () => {
  for (const [name, Table, rows, props] of tables) {
    it(`${name}: its rows`, () => {
      expect(html(Table as ComponentType<Record<string, unknown>>, rows, props)).toMatchSnapshot();
    });
    it(`${name}: empty`, () => {
      expect(html(Table as ComponentType<Record<string, unknown>>, [], props)).toMatchSnapshot();
    });
  }

  it("an empty list with a filter set says nothing matches, not how to make the first record", () => {
    const filtered = html(UsersTable, [], {}, { status: "1" });
    expect(filtered).toContain("Nothing matches this search or filter.");
    expect(filtered).not.toContain("Add a user");
  });
});
