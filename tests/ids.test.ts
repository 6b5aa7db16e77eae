import { describe, expect, it } from "vitest";
import { isUuid, newId } from "../lib/ids";

describe("newId", () => {
  it("answers UUIDv7s that strictly increase, across many pool refills and within one millisecond", () => {
    const before = Date.now();
    // 200,000 ids need 3.2 MB of random bytes: about fifty refills of the 64 KiB pool.
    const ids = Array.from({ length: 200_000 }, newId);
    const after = Date.now();
    for (let i = 1; i < ids.length; i++) expect(ids[i] > ids[i - 1]).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of [ids[0], ids[99_999], ids[199_999]]) {
      expect(isUuid(id)).toBe(true);
      expect(id[14]).toBe("7"); // version
      expect("89ab").toContain(id[19]); // RFC 9562 variant
    }
    // The first 48 bits are the millisecond (borrowing ahead only if a millisecond's counter overflowed).
    const ms = (id: string) => parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
    expect(ms(ids[0])).toBeGreaterThanOrEqual(before);
    expect(ms(ids[ids.length - 1])).toBeLessThanOrEqual(after + 1);
  });

  it("does not repeat the random tail of the ids (its last 40 bits: the pool is refilled, not reused)", () => {
    const tails = Array.from({ length: 20_000 }, () => newId().slice(26));
    expect(new Set(tails).size).toBe(tails.length);
  });
});
