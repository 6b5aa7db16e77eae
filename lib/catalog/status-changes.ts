import { eq, ne, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { type BrandTable } from "../../db/scope";
import { findInBrand } from "../scope";
import type { Context } from "../auth/context";
import { invalidState } from "../errors";
import { assertRestoreWindow, STATUS, type Status } from "../lifecycle";

/**
 * Suspend, delete and restore for the catalog's ledger tables (product groups, products,
 * components), following the spec's States and transitions: suspend only from active, delete
 * from any state, restore from suspended or deleted (within 90 days where the table says so).
 */
export type LedgerTable = BrandTable & { status: PgColumn; deletedAt: PgColumn; updatedAt: PgColumn };

export interface LedgerSubject<T extends LedgerTable> {
  table: T;
  /** "product group", "product", "component": used in messages. */
  what: string;
  /** The id parameter, named in errors. */
  parameter: string;
}

type Row<T extends LedgerTable> = T["$inferSelect"] & { id: string; status: Status; deletedAt: Date | null };

const STATUS_NAMES: Record<number, string> = { 1: "active", 2: "suspended", 3: "deleted" };
const capitalized = (s: string) => s[0].toUpperCase() + s.slice(1);

export async function loadForChange<T extends LedgerTable>(ctx: Context, s: LedgerSubject<T>, id: string): Promise<Row<T>> {
  return (await findInBrand(ctx, s.table, id, capitalized(s.what), s.parameter, { forUpdate: true })) as Row<T>;
}

/** Updates one record of the brand and answers the new row. */
export async function saveChanges<T extends LedgerTable>(ctx: Context, table: T, id: string, changes: Record<string, unknown>): Promise<Row<T>> {
  // Generic over the three tables, which drizzle's update builder cannot type; the columns are checked by callers.
  const rows = await ctx.db
    .update(table as PgTable)
    .set({ ...changes, updatedAt: ctx.now() } as never)
    .where(eq(table.id, id))
    .returning();
  return rows[0] as unknown as Row<T>;
}

/** Changing a deleted record would be lost on purpose: restore it first (our choice; the spec is silent). */
export function assertNotDeleted(row: { status: number }, what: string, parameter: string) {
  if (row.status === STATUS.DELETED) throw invalidState(`This ${what} is deleted; restore it before changing it`, parameter);
}

export async function suspendRecord<T extends LedgerTable>(ctx: Context, s: LedgerSubject<T>, id: string) {
  const row = await loadForChange(ctx, s, id);
  if (row.status !== STATUS.ACTIVE) throw invalidState(`Only an active ${s.what} can be suspended; this one is ${STATUS_NAMES[row.status]}`, s.parameter);
  return saveChanges(ctx, s.table, row.id, { status: STATUS.SUSPENDED });
}

/** Deleting again changes nothing, so the restore window keeps counting from the first deletion. */
export async function deleteRecord<T extends LedgerTable>(ctx: Context, s: LedgerSubject<T>, id: string) {
  const row = await loadForChange(ctx, s, id);
  if (row.status === STATUS.DELETED) return row;
  return saveChanges(ctx, s.table, row.id, { status: STATUS.DELETED, deletedAt: ctx.now() });
}

export async function restoreRecord<T extends LedgerTable>(
  ctx: Context,
  s: LedgerSubject<T>,
  id: string,
  opts: { window: boolean; check?: (row: Row<T>) => Promise<void> },
) {
  const row = await loadForChange(ctx, s, id);
  if (row.status === STATUS.ACTIVE) throw invalidState(`This ${s.what} is already active`, s.parameter);
  if (opts.window) assertRestoreWindow(row.deletedAt, ctx.now(), s.what);
  await opts.check?.(row);
  return saveChanges(ctx, s.table, row.id, { status: STATUS.ACTIVE, deletedAt: null });
}

/** List filter: by id also finds deleted records; every other listing leaves them out (spec, Product/List). */
export const byIdOrLive = (table: LedgerTable, id: string | null | undefined): SQL => (id ? eq(table.id, id) : ne(table.status, STATUS.DELETED));

/** For a page's list: live records unless asked for by id or by status (a staff page may list the deleted ones). */
export const liveUnlessAsked = (table: LedgerTable) => (f: { id?: unknown; status?: unknown }) =>
  f.id || f.status ? undefined : ne(table.status, STATUS.DELETED);
