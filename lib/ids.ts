import { v7 } from "uuid";
import { createHash, randomBytes } from "node:crypto";

/** A UUIDv7: time-ordered (monotonic within a millisecond), so ids of one table index well and sort by creation. */
export const newId = () => v7();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids that are not UUIDs can never match a record; checking first keeps them out of SQL casts. */
export const isUuid = (s: string) => UUID.test(s);

/** A high-entropy secret (256 bits) with a readable prefix, e.g. `rbk_…`. */
export const newSecret = (prefix: string) => `${prefix}_${randomBytes(32).toString("base64url")}`;

/** Secrets are stored only as SHA-256: they are random enough that a slow hash adds nothing. */
export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");
