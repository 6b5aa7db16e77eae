/**
 * Transaction steps are visible in types (lib/run-verb.ts): only a verb declared `stepped` gets a
 * StepContext, and only a StepContext may commit part-way (outsideTransaction, commitSoFar), ask to
 * be run again once charges are settled (settleFirst) or call another stepped verb. The
 * `@ts-expect-error` lines below are the type-level half: `tsc --noEmit -p .` fails if any of them
 * compiles. The runtime half: runVerb gives a plain verb a plain transaction, where cutting refuses.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb, resultRows } from "../db/client";
import { brands } from "../db/schema";
import { systemContext, type Context } from "../lib/auth/context";
import { chargeInvoice } from "../lib/payments/charge-invoice";
import { commitSoFar, mayCallOut, outsideTransaction, runVerb, settleFirst, stepped, withoutSteps, type StepContext, type Verb } from "../lib/run-verb";
import { makeTenant, type Tenant } from "./support/api";

let t: Tenant;
let ctx: Context;
beforeAll(async () => {
  t = await makeTenant();
  const db = await getDb();
  const [brand] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
  ctx = systemContext(db, brand);
});

const txid = async (c: Context) => resultRows<{ id: string }>(await c.db.execute(sql`select txid_current()::text as id`))[0].id;

// The type-level half: a plain verb cannot cut a step, nor reach a function or verb that does.
export const plainVerb: Verb<void, void> = async ({ ctx: c }) => {
  // @ts-expect-error a plain verb's Context is not a StepContext
  await outsideTransaction(c, async () => {});
  // @ts-expect-error nor can it commit what it wrote so far
  await commitSoFar(c);
  const settle = stepped(async () => {});
  // @ts-expect-error nor ask to be run again after a settlement
  settleFirst(c, settle);
  // @ts-expect-error nor call a stepped verb
  await chargeInvoice.stepped({ ctx: c, input: { invoiceId: "", payMethodId: "" } });
  // @ts-expect-error a stepped verb is not a function: calling it says `.stepped`, with a StepContext
  await chargeInvoice({ ctx: c, input: { invoiceId: "", payMethodId: "" } });
};
// @ts-expect-error a verb of a StepContext not declared `stepped` is no verb runVerb takes
export const undeclared: Verb<void, void> = async ({ ctx: c }: { ctx: StepContext; input: void }) => commitSoFar(c);

describe("runVerb and steps", () => {
  it("gives a stepped verb a context that commits part-way and goes on in a new transaction", async () => {
    const ids = await runVerb(
      ctx,
      stepped(async ({ ctx: c }) => {
        const first = await txid(c);
        await commitSoFar(c);
        return [first, await txid(c), mayCallOut(c)] as const;
      }),
      undefined,
    );
    expect(ids[0]).not.toBe(ids[1]);
    expect(ids[2]).toBe(true);
  });

  it("gives a plain verb its transaction itself: cutting a step there refuses at run time too", async () => {
    const refused = await runVerb(
      ctx,
      async ({ ctx: c }) => {
        const cut = await commitSoFar(c as StepContext).then(
          () => "cut",
          (err: Error) => err.message,
        );
        return { cut, mayCallOut: mayCallOut(c as StepContext) };
      },
      undefined,
    );
    expect(refused).toEqual({ cut: "outsideTransaction: the verb was not declared stepped", mayCallOut: false });
  });

  it("runs a stepped verb again once what it asked settled first is settled", async () => {
    let runs = 0;
    let settled = 0;
    const answer = await runVerb(
      ctx,
      stepped(async ({ ctx: c }) => {
        runs++;
        if (settled === 0)
          settleFirst(
            c,
            stepped(async () => void settled++),
          );
        return "done";
      }),
      undefined,
    );
    expect({ answer, runs, settled }).toEqual({ answer: "done", runs: 2, settled: 1 });
  });

  it("refuses a stepped verb as a read, and a dry run's context cuts nothing", async () => {
    await expect(
      runVerb(
        ctx,
        stepped(async () => 1),
        undefined,
        { read: true },
      ),
    ).rejects.toThrow("a stepped verb is not a read");
    const inDryRun = await ctx.db.transaction(async (tx) => {
      const dry = withoutSteps({ ...ctx, db: tx as unknown as Context["db"] });
      const cut = await commitSoFar(dry).then(
        () => "cut",
        (err: Error) => err.message,
      );
      return { cut, mayCallOut: mayCallOut(dry) };
    });
    expect(inDryRun).toEqual({ cut: "outsideTransaction: inside a transaction runVerb does not own", mayCallOut: false });
  });
});
