import { stringify } from "csv-stringify/sync";
import type { Context } from "../auth/context";
import { logger } from "../log";
import { accountList } from "../accounts/list-accounts";
import { INVOICE_AGES, INVOICE_STATUS_FILTERS, invoiceList } from "../invoices/list-invoices";
import { PAYMENT_SOURCES, PAYMENT_STATUS_FILTERS, paymentList } from "../payments/list-payments";
import { subscriptionList } from "../subscriptions/list-subscriptions";
import { subscriptionToWire } from "../subscriptions/view";
import { invoiceToWire } from "../invoices/view";
import { accountToWire } from "../accounts/view";
import { paymentToWire } from "../payments/view";
import { creditNoteList } from "../credit-notes/list";
import { creditNoteToWire } from "../credit-notes/view";
import { isUuid } from "../ids";
import { CREDIT_NOTE_REASONS } from "../../db/schema";
import { onReplica } from "../replica";
import { taxCollectedList, taxCollectedToWire } from "../insights/tax";
import { DEFAULT_PERIOD, PERIODS } from "../insights/periods";

/** The state of a list page's URL that decides its rows (parsed by the page: q and whitelisted filters). */
export interface ListUrlState {
  q: string;
  filters: Record<string, string>;
  sort?: { key: string; dir: "asc" | "desc" };
}

type Windowed = {
  window(ctx: Context, w: Record<string, unknown>): Promise<{ rows: object[]; total: number }>;
  batches(ctx: Context, w: Record<string, unknown>, size?: number): AsyncGenerator<object[]>;
};

/** One list a dashboard page shows and can export as CSV, with the URL filters its page accepts. */
export interface DashboardList {
  list: Windowed;
  sortKeys: readonly string[];
  defaultSort: { key: string; dir: "asc" | "desc" };
  /** Each URL filter and the values it takes (what parseTableQuery keeps): a list, or a test. */
  urlFilters: Record<string, readonly string[] | ((v: string) => boolean)>;
  /** The list query's filters for a URL state. */
  filtersFor(state: ListUrlState): Record<string, unknown>;
  /** A read row as the API shows it (the domain's toWire): the file's columns are the API's fields. None: the list's rows are its wire already. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  wire?: (row: any) => object;
}

/** A status filter's URL value (already one of urlFilters) as the list query's number. */
const status = <S extends number>(v: string | undefined) => (v ? (Number(v) as S) : null);

/** A calendar day in the URL (YYYY-MM-DD, a real date). */
export const isDay = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const yesNo = ["Y", "N"] as const;
/** Day-range URL filters (`<name>_from`, `<name>_to`) and the list query's filters they set. */
const dayRange = (name: string) => ({ [`${name}_from`]: isDay, [`${name}_to`]: isDay });
const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
/** The URL filters named (snake_case) as the list query's (camelCase), empty ones as null. */
const passThrough = (filters: Record<string, string>, names: string[]) => Object.fromEntries(names.map((n) => [camel(n), filters[n] || null]));
const SUBSCRIPTION_DAYS = ["created_from", "created_to", "ended_from", "ended_to", "renews_from", "renews_to"];
const CREATED_DAYS = ["created_from", "created_to"];

/**
 * Every exportable list, by the name in /dashboard/{brand}/export/{name}. A page passes the same
 * URL state to the same filtersFor, so the file holds exactly the rows the page lists. Another
 * area plugs in with one entry (and `exportName` on its data table).
 */
export const DASHBOARD_LISTS = {
  accounts: {
    list: accountList as unknown as Windowed,
    wire: accountToWire,
    sortKeys: accountList.sortKeys,
    defaultSort: { key: "created_at", dir: "asc" },
    urlFilters: { status: ["1", "2", "3"] },
    filtersFor: ({ q, filters }: ListUrlState) => ({ q: q || null, status: status<1 | 2 | 3>(filters.status) }),
  },
  subscriptions: {
    list: subscriptionList as unknown as Windowed,
    wire: subscriptionToWire,
    sortKeys: subscriptionList.sortKeys,
    defaultSort: { key: "created_at", dir: "desc" },
    urlFilters: { status: ["1", "2", "3"], trial: yesNo, returning: yesNo, ...dayRange("created"), ...dayRange("ended"), ...dayRange("renews") },
    filtersFor: ({ q, filters }) => ({
      q: q || null,
      status: status(filters.status),
      ...passThrough(filters, ["trial", "returning", ...SUBSCRIPTION_DAYS]),
    }),
  },
  invoices: {
    list: invoiceList as unknown as Windowed,
    wire: invoiceToWire,
    sortKeys: invoiceList.sortKeys,
    defaultSort: { key: "created_at", dir: "desc" },
    urlFilters: { status: INVOICE_STATUS_FILTERS, age: Object.keys(INVOICE_AGES), ...dayRange("created") },
    filtersFor: ({ q, filters }) => ({
      q: q || null,
      status: /^\d$/.test(filters.status ?? "") ? Number(filters.status) : filters.status || null,
      ...passThrough(filters, ["age", ...CREATED_DAYS]),
    }),
  },
  payments: {
    list: paymentList as unknown as Windowed,
    wire: paymentToWire,
    sortKeys: paymentList.sortKeys,
    defaultSort: { key: "created_at", dir: "desc" },
    urlFilters: { status: PAYMENT_STATUS_FILTERS, source: PAYMENT_SOURCES, ...dayRange("created"), ...dayRange("reversed") },
    filtersFor: ({ q, filters }) => ({
      q: q || null,
      status: filters.status || null,
      ...passThrough(filters, ["source", ...CREATED_DAYS, "reversed_from", "reversed_to"]),
    }),
  },
  "credit-notes": {
    list: creditNoteList as unknown as Windowed,
    wire: creditNoteToWire,
    sortKeys: creditNoteList.sortKeys,
    defaultSort: { key: "created_at", dir: "desc" },
    urlFilters: {
      customer_account_id: isUuid,
      invoice_id: isUuid,
      number: (v: string) => v.length <= 40,
      reason: CREDIT_NOTE_REASONS,
      ...dayRange("created"),
    },
    filtersFor: ({ q, filters }) => ({ q: q || null, ...passThrough(filters, ["customer_account_id", "invoice_id", "number", "reason", ...CREATED_DAYS]) }),
  },
  /** The overview's tax collected by month and rate (lib/insights/tax.ts), over a period of the overview's. */
  "tax-collected": {
    list: taxCollectedList,
    wire: taxCollectedToWire,
    sortKeys: taxCollectedList.sortKeys,
    defaultSort: { key: "month", dir: "asc" },
    urlFilters: { period: Object.keys(PERIODS) },
    filtersFor: ({ filters }) => ({ period: filters.period ?? DEFAULT_PERIOD }),
  },
} satisfies Record<string, DashboardList>;

export type DashboardListName = keyof typeof DASHBOARD_LISTS;

export const dashboardList = (name: string): DashboardList | undefined =>
  Object.hasOwn(DASHBOARD_LISTS, name) ? DASHBOARD_LISTS[name as DashboardListName] : undefined;

/** Rows read per query while exporting: memory stays at one batch whatever the list's size. */
export const EXPORT_BATCH = 1000;

/**
 * The list's rows for a URL state, one batch at a time, in the page's order, without counting:
 * the list query's keyset batches (the same scope, filters and view as the page), so each batch
 * costs the same however deep into the list it is (bench/export: offset paging grew with the rows).
 */
export async function* exportBatches(ctx: Context, spec: DashboardList, state: ListUrlState, batch = EXPORT_BATCH): AsyncGenerator<object[]> {
  // Read from the replica when there is one (lib/replica.ts): an export may read a million rows.
  const rows = spec.list.batches(await onReplica(ctx), { filters: spec.filtersFor(state), sort: state.sort ?? spec.defaultSort }, batch);
  for await (const batch of rows) yield batch.map(wireOf(spec));
}

/** How the export turns the list's row into the file's record: the API's view, or the row as read. */
export const wireOf =
  (spec: DashboardList) =>
  (row: unknown): object =>
    spec.wire ? spec.wire(row) : (row as object);

/** A view's value as a CSV cell: nested parts as JSON, dates as ISO, and no spreadsheet formulas. */
export function csvCell(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "object") return JSON.stringify(v);
  const s = String(v);
  // A cell starting with = + - @ (or a tab/CR) runs as a formula in a spreadsheet; numbers are safe.
  return /^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s) ? `'${s}` : s;
}

/**
 * The list as a CSV byte stream, one batch per pull: the next query runs only when the reader has
 * taken the last batch, so a list of any length streams in constant memory. The columns are the
 * API's fields for the record (its view), in its order; an empty list is an empty file.
 */
export function csvStream(ctx: Context, spec: DashboardList, state: ListUrlState, batch = EXPORT_BATCH): ReadableStream<Uint8Array> {
  const batches = exportBatches(ctx, spec, state, batch);
  let columns: string[] | undefined;
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) {
          if (!columns) controller.enqueue(encoder.encode(""));
          controller.close();
          return;
        }
        const header = !columns;
        columns ??= Object.keys(next.value[0]);
        const records = next.value.map((row) => columns!.map((c) => csvCell((row as Record<string, unknown>)[c])));
        controller.enqueue(encoder.encode(stringify(records, { header, columns, bom: false })));
      } catch (error) {
        logger.error("CSV export failed", { requestId: ctx.requestId, error });
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
