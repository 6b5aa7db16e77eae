import type { TestProject } from "vitest/node";
import { openDatabase } from "../../db/client";
import { createDatabase, dropDatabase, urlFor, withAdmin } from "./pg";

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabase: string;
    runId: string;
  }
}

/** Migrates one template database per run; each test file then copies it (fast, isolated). */
export default async function setup(project: TestProject) {
  const runId = `${Date.now().toString(36)}${process.pid}`;
  const template = `rb_test_${runId}_template`;
  await createDatabase(template);
  const database = await openDatabase({ url: urlFor(template) });
  await database.migrate();
  await database.close();
  project.provide("templateDatabase", template);
  project.provide("runId", runId);
  return async () => {
    const names = await withAdmin((sql) => sql<{ datname: string }[]>`select datname from pg_database where datname like ${`rb_test_${runId}_%`}`);
    for (const { datname } of names) await dropDatabase(datname);
  };
}
