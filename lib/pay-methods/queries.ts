import { and, eq, isNull, ne } from "drizzle-orm";
import { payMethods } from "../../db/schema";
import { inBrand } from "../../db/scope";
import type { Context } from "../auth/context";
import { invalidState, notFound } from "../errors";
import { isUuid } from "../ids";
import { lockCustomer } from "../accounts/customer";
import type { PayMethodRow } from "./read";

/** A pay method of this customer account (deleted ones too), or NOT_FOUND. */
export async function findPayMethod(ctx: Context, id: string, customerAccountId: string, parameter = "pay_method_id"): Promise<PayMethodRow> {
  if (!isUuid(id)) throw notFound("Pay method", parameter);
  const [row] = await ctx.db
    .select()
    .from(payMethods)
    .where(inBrand(ctx, payMethods, eq(payMethods.id, id), eq(payMethods.customerAccountId, customerAccountId)));
  if (!row) throw notFound("Pay method", parameter);
  return row;
}

export function assertLive(p: PayMethodRow, parameter = "pay_method_id") {
  if (p.deletedAt) throw invalidState("This pay method is deleted", parameter);
}

/** Only verified, live pay methods are charged. */
export function assertChargeable(p: PayMethodRow, parameter = "pay_method_id") {
  assertLive(p, parameter);
  if (p.verified !== "Y") throw invalidState("This pay method is not verified yet; verify it with PayMethod/Verify before charging it", parameter);
}

export async function defaultPayMethod(ctx: Context, customerAccountId: string): Promise<PayMethodRow | null> {
  const [row] = await ctx.db
    .select()
    .from(payMethods)
    .where(inBrand(ctx, payMethods, eq(payMethods.customerAccountId, customerAccountId), eq(payMethods.isDefault, "Y"), isNull(payMethods.deletedAt)));
  return row ?? null;
}

/** Spec, behaviour 1: what auto pay charges: the subscription's own pay method while it can be charged, or else the customer's default. */
export async function autoPayMethod(ctx: Context, s: { payMethodId: string | null; customerAccountId: string }) {
  if (s.payMethodId) {
    const [own] = await ctx.db
      .select()
      .from(payMethods)
      .where(and(eq(payMethods.id, s.payMethodId), eq(payMethods.customerAccountId, s.customerAccountId)));
    if (own && !own.deletedAt && own.verified === "Y") return own;
  }
  return defaultPayMethod(ctx, s.customerAccountId);
}

/** Makes it the account's one default pay method; with `onlyIfNone`, only when the account has none yet. */
export async function makeDefaultPayMethod(ctx: Context, p: PayMethodRow, opts: { onlyIfNone?: boolean } = {}) {
  await lockCustomer(ctx, p.customerAccountId);
  const current = await defaultPayMethod(ctx, p.customerAccountId);
  if (current && opts.onlyIfNone) return;
  await ctx.db
    .update(payMethods)
    .set({ isDefault: "N" })
    .where(inBrand(ctx, payMethods, eq(payMethods.customerAccountId, p.customerAccountId), eq(payMethods.isDefault, "Y"), ne(payMethods.id, p.id)));
  await ctx.db.update(payMethods).set({ isDefault: "Y", updatedAt: ctx.now() }).where(eq(payMethods.id, p.id));
}

export async function reloadPayMethod(ctx: Context, id: string): Promise<PayMethodRow> {
  const [row] = await ctx.db
    .select()
    .from(payMethods)
    .where(inBrand(ctx, payMethods, eq(payMethods.id, id)));
  return row;
}
