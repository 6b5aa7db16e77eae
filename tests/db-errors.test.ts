import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { getDb } from "../db/client";
import { brands } from "../db/schema";
import { isUniqueViolation, postgresError } from "../db/errors";
import { makeTenant } from "./support/api";

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error("expected a failure");
    },
    (err: unknown) => err,
  );

describe("postgresError", () => {
  it("finds the server's error under drizzle's wrapper, with the constraint of a unique violation", async () => {
    const db = await getDb();
    expect(postgresError(await failure(db.execute(sql`select 1 / 0`)))).toEqual({ code: "22012", constraint: undefined });
    const t = await makeTenant();
    const [brand] = await db.select().from(brands).limit(1);
    const again = await failure(db.insert(brands).values({ ...brand, id: t.brand_id }));
    expect(postgresError(again)?.code).toBe("23505");
    expect(isUniqueViolation(again)).toBe(true);
    expect(isUniqueViolation(again, "brands_pkey")).toBe(true);
    expect(isUniqueViolation(again, "another_index")).toBe(false);
  });

  it("answers nothing for what the server did not say: a refused connection, a plain error", async () => {
    const closed = postgres("postgres://postgres@127.0.0.1:1/postgres", { max: 1, connect_timeout: 2, onnotice: () => {} });
    const refused = await failure(closed`select 1`);
    await closed.end({ timeout: 1 });
    expect(postgresError(refused)).toBeUndefined();
    expect(postgresError(new Error("EPIPE"))).toBeUndefined();
    expect(isUniqueViolation(refused)).toBe(false);
  });
});
