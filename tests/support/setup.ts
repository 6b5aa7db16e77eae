import { afterAll, inject } from "vitest";
import fc from "fast-check";
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

// Property tests draw their random inputs from one seed, so a run of the suite on a commit is
// repeatable (CI answers the same on the same code; a failure replays as printed).
// PROPERTY_SEED=random explores new inputs on every run; PROPERTY_SEED=<n> picks another seed.
const propertySeed = process.env.PROPERTY_SEED ?? "20261128";
if (propertySeed !== "random") fc.configureGlobal({ seed: Number(propertySeed) });
