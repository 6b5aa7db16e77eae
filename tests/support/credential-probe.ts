/**
 * A second server process for tests/api-keys.test.ts: resolves API credentials on the same
 * database (with its own cache and its own LISTEN connection) for each line of JSON read on stdin,
 * answering `ok` or the refusal's code on stdout.
 */
import { createInterface } from "node:readline";
import { openDatabase } from "../../db/client";
import { contextFromApiCredentials } from "../../lib/auth/context";
import { DomainError } from "../../lib/errors";

const { db, close } = await openDatabase({ url: process.env.DATABASE_URL });
const lines = createInterface({ input: process.stdin });
process.stdout.write("ready\n");
for await (const line of lines) {
  if (!line.trim()) continue;
  const creds = JSON.parse(line) as { key: string; user_key: string; brand_id: string };
  try {
    await contextFromApiCredentials(db, { key: creds.key, userKey: creds.user_key, brandId: creds.brand_id }, "probe");
    process.stdout.write("ok\n");
  } catch (err) {
    process.stdout.write(`${err instanceof DomainError ? err.code : "ERROR"}\n`);
  }
}
await close();
