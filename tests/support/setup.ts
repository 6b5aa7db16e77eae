import { afterAll, inject } from "vitest";
import { randomBytes } from "node:crypto";
import { closeDatabase } from "../../db/client";
import { createDatabase, dropDatabase, urlFor } from "./pg";

// Each test file gets its own database, copied from the migrated template.
const name = `rb_test_${inject("runId")}_${randomBytes(4).toString("hex")}`;
await createDatabase(name, inject("templateDatabase"));
process.env.DATABASE_URL = urlFor(name);
process.env.TEST_DATABASE_NAME = name;

afterAll(async () => {
  await closeDatabase();
  await dropDatabase(name);
});
