import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { InngestTestEngine } from "@inngest/test";
import { makeTenant } from "./support/api";
import { getDb, type Db } from "../db/client";
import { brands, outboxAttempts, outboxEvents } from "../db/schema";
import { systemContext, withDb, type Context } from "../lib/auth/context";
import { ManualClock, useClock } from "../lib/clock";
import { emit } from "../lib/outbox/emit";
import { backoffMs, deliverAllDue, deliverDue, type OutboxRow } from "../lib/outbox/deliver";
import { registerSink } from "../lib/outbox/sinks";
import { deliverOutbox } from "../inngest/functions/deliver-outbox";

let db: Db;
let ctx: Context;
const clock = new ManualClock("2026-11-22T12:00:00Z");

beforeAll(async () => {
  db = await getDb();
  const t = await makeTenant();
  const [brand] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
  ctx = { ...systemContext(db, brand), now: () => clock.now() };
});

beforeEach(async () => {
  // Each test starts with an empty outbox for this database.
  await db.delete(outboxAttempts);
  await db.delete(outboxEvents);
});

const rows = (ids: string[]) => db.select().from(outboxEvents).where(inArray(outboxEvents.id, ids));
const attemptsOf = (id: string) => db.select().from(outboxAttempts).where(eq(outboxAttempts.eventId, id)).orderBy(outboxAttempts.attempt);

describe("emit", () => {
  it("commits with the change that caused it", async () => {
    const id = await db.transaction(async (tx) => emit(withDb(ctx, tx as unknown as Db), { type: "test/ok", payload: { n: 1 } }));
    expect((await rows([id]))[0]).toMatchObject({ status: "pending", type: "test/ok", payload: { n: 1 }, brandId: ctx.brand.id });
  });

  it("disappears with a change that rolls back", async () => {
    let id = "";
    await expect(
      db.transaction(async (tx) => {
        id = await emit(withDb(ctx, tx as unknown as Db), { type: "test/ok", payload: {} });
        throw new Error("the verb failed after emitting");
      }),
    ).rejects.toThrow();
    expect(await rows([id])).toEqual([]);
  });
});

describe("deliverDue", () => {
  it("delivers each due event once and logs the attempt", async () => {
    const seen: string[] = [];
    const sink = async (e: OutboxRow) => {
      seen.push(e.id);
    };
    const ids = [await emit(ctx, { type: "a/x", payload: {} }), await emit(ctx, { type: "a/y", payload: {} })];
    const out = await deliverDue({ db, now: () => clock.now(), sinkFor: () => sink });
    expect(out).toEqual({ delivered: 2, retried: 0, failed: 0 });
    expect(seen.sort()).toEqual([...ids].sort());
    expect((await rows(ids)).every((r) => r.status === "delivered")).toBe(true);
    expect(await deliverDue({ db, now: () => clock.now(), sinkFor: () => sink })).toEqual({ delivered: 0, retried: 0, failed: 0 });
    expect(seen).toHaveLength(2);
  });

  it("retries with exponential backoff: fails twice, then delivers once", async () => {
    let calls = 0;
    const sink = async () => {
      calls++;
      if (calls <= 2) throw new Error(`provider answered 503 (${calls})`);
      return "accepted";
    };
    const id = await emit(ctx, { type: "b/x", payload: {} });
    const run = () => deliverDue({ db, now: () => clock.now(), sinkFor: () => sink });
    expect((await run()).retried).toBe(1);
    expect((await run()).retried).toBe(0); // not due yet
    clock.advance({ seconds: backoffMs(1) / 1000 });
    expect((await run()).retried).toBe(1);
    clock.advance({ seconds: backoffMs(2) / 1000 - 1 });
    expect((await run()).delivered).toBe(0);
    clock.advance({ seconds: 1 });
    expect((await run()).delivered).toBe(1);
    clock.advance({ days: 1 });
    await run();
    expect(calls).toBe(3);
    expect((await attemptsOf(id)).map((a) => [a.attempt, a.ok, a.detail])).toEqual([
      [1, "N", "provider answered 503 (1)"],
      [2, "N", "provider answered 503 (2)"],
      [3, "Y", "accepted"],
    ]);
  });

  it("gives up after the maximum attempts and marks the event failed", async () => {
    const id = await emit(ctx, { type: "c/x", payload: {} });
    const fail = async () => {
      throw new Error("down");
    };
    for (let i = 0; i < 3; i++) {
      await deliverDue({ db, now: () => clock.now(), sinkFor: () => fail, maxAttempts: 3 });
      clock.advance({ hours: 7 });
    }
    expect((await rows([id]))[0]).toMatchObject({ status: "failed", attempts: 3, lastError: "down" });
  });

  it("deliverAllDue drains batch after batch in one call, events written meanwhile included, within its time budget", async () => {
    const ids = await Promise.all(Array.from({ length: 120 }, (_, n) => emit(ctx, { type: "e/x", payload: { n } })));
    let later = "";
    const sink = async (e: OutboxRow) => {
      // The first delivery writes one more event, as billing/invoices-created does.
      if (!later) later = await emit(ctx, { type: "e/later", payload: {} });
      return e.type;
    };
    expect(await deliverAllDue({ db, now: () => clock.now(), sinkFor: () => sink, batchSize: 50 })).toEqual({ delivered: 121, retried: 0, failed: 0 });
    expect((await rows([...ids, later])).every((r) => r.status === "delivered")).toBe(true);
    // An event a delivery writes goes out in the same call even when its batch was not full.
    let chained = "";
    const chain = async (e: OutboxRow) => {
      if (e.type === "e/first") chained = await emit(ctx, { type: "e/second", payload: {} });
    };
    await emit(ctx, { type: "e/first", payload: {} });
    expect(await deliverAllDue({ db, now: () => clock.now(), sinkFor: () => chain, batchSize: 50 })).toEqual({ delivered: 2, retried: 0, failed: 0 });
    expect((await rows([chained]))[0].status).toBe("delivered");
    // With no time left after the first batch it stops there.
    await Promise.all(Array.from({ length: 120 }, () => emit(ctx, { type: "e/y", payload: {} })));
    expect(await deliverAllDue({ db, now: () => clock.now(), sinkFor: () => sink, batchSize: 50, budgetMs: 0 })).toEqual({ delivered: 50, retried: 0, failed: 0 });
  });

  it("an event claimed by a worker that died is delivered once its lease ends", async () => {
    const id = await emit(ctx, { type: "d/x", payload: {} });
    // A worker claims the event and dies before finishing: simulated by a sink that never resolves.
    const hung = deliverDue({ db, now: () => clock.now(), sinkFor: () => () => new Promise<never>(() => {}), leaseMs: 60_000 });
    void hung;
    await new Promise((r) => setTimeout(r, 200));
    const delivered: string[] = [];
    const sink = async (e: OutboxRow) => {
      delivered.push(e.id);
    };
    expect((await deliverDue({ db, now: () => clock.now(), sinkFor: () => sink })).delivered).toBe(0);
    clock.advance({ minutes: 2 });
    expect((await deliverDue({ db, now: () => clock.now(), sinkFor: () => sink })).delivered).toBe(1);
    expect(delivered).toEqual([id]);
  });

  it("two workers at once deliver every event exactly once", async () => {
    const ids = [];
    for (let i = 0; i < 40; i++) ids.push(await emit(ctx, { type: "e/x", payload: { i } }));
    const delivered: string[] = [];
    const sink = async (e: OutboxRow) => {
      await new Promise((r) => setTimeout(r, 1));
      delivered.push(e.id);
    };
    const opts = { db, now: () => clock.now(), sinkFor: () => sink, batchSize: 7 };
    while ((await Promise.all([deliverDue(opts), deliverDue(opts)])).some((o) => o.delivered > 0));
    expect(delivered.sort()).toEqual([...ids].sort());
  });

  it("an event type nobody subscribes to is finished, not retried forever", async () => {
    const id = await emit(ctx, { type: "nobody/listens", payload: {} });
    await deliverDue({ db, now: () => clock.now(), sinkFor: () => undefined });
    expect((await attemptsOf(id))[0].detail).toBe("no subscriber for this event type");
  });
});

describe("the Inngest function", () => {
  it("delivers due events through the registered sinks", async () => {
    const got: unknown[] = [];
    registerSink("inngest-test/", async (e) => {
      got.push(e.payload);
    });
    useClock(clock);
    const id = await emit(ctx, { type: "inngest-test/ping", payload: { hello: "world" } });
    const engine = new InngestTestEngine({ function: deliverOutbox });
    const { result } = await engine.execute();
    expect(result).toMatchObject({ delivered: 1 });
    expect(got).toEqual([{ hello: "world" }]);
    expect((await rows([id]))[0].status).toBe("delivered");
  });
});
