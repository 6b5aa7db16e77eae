import { v7 } from "uuid";
import { createHash, randomBytes, randomFillSync } from "node:crypto";

// Random bytes for ids come from a pool refilled 64 KiB at a time: one getRandomValues call per id
// (what uuid does by default) was 1.4 s of CPU per 100,000 invoices billed at about 5 ids each.
const pool = Buffer.alloc(65_536);
let poolAt = pool.length;
function random16() {
  if (poolAt === pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  poolAt += 16;
  return pool.subarray(poolAt - 16, poolAt);
}

// uuid's own monotonic rule (RFC 9562, method 1): a new millisecond seeds a random 31-bit counter,
// the same millisecond increments it, and a counter overflow borrows the next millisecond.
let lastMs = -Infinity;
let seq = 0;

/** A UUIDv7: time-ordered (monotonic within a millisecond), so ids of one table index well and sort by creation. */
export function newId() {
  const random = random16();
  const now = Date.now();
  if (now > lastMs) {
    seq = ((random[6] & 0x7f) << 24) | (random[7] << 16) | (random[8] << 8) | random[9];
    lastMs = now;
  } else {
    seq = (seq + 1) | 0;
    if (seq === 0) lastMs++;
  }
  return v7({ random, msecs: lastMs, seq });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids that are not UUIDs can never match a record; checking first keeps them out of SQL casts. */
export const isUuid = (s: string) => UUID.test(s);

/** A high-entropy secret (256 bits) with a readable prefix, e.g. `rbk_…`. */
export const newSecret = (prefix: string) => `${prefix}_${randomBytes(32).toString("base64url")}`;

/** Secrets are stored only as SHA-256: they are random enough that a slow hash adds nothing. */
export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");
