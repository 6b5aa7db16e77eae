/**
 * `.ci/run` on a machine where nothing answers on 127.0.0.1:5432: `.ci/postgres` makes a cluster,
 * trusts local connections and starts it. Rehearsed beside the running server, on a free port and a
 * throwaway cluster (it needs root and Debian's postgresql-common, as CI has; skipped otherwise).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { afterAll, expect, it } from "vitest";
import postgres from "postgres";

const canRehearse = process.getuid?.() === 0 && spawnSync("sh", ["-c", "command -v pg_createcluster"]).status === 0;
const cluster = `ci${process.pid}`;

async function freePort() {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

afterAll(() => {
  if (!canRehearse) return;
  const version = execFileSync("sh", ["-c", "ls /usr/lib/postgresql | sort -V | tail -1"]).toString().trim();
  spawnSync("pg_dropcluster", ["--stop", version, cluster]);
});

it.skipIf(!canRehearse)("makes, trusts and starts a cluster where nothing answers, and a second run changes nothing", { timeout: 120_000 }, async () => {
  const port = await freePort();
  const env = { ...process.env, PG_CI_PORT: String(port), PG_CI_CLUSTER: cluster };
  const first = spawnSync(".ci/postgres", { env, encoding: "utf8" });
  expect(first.status, first.stderr).toBe(0);
  expect(first.stdout).toMatch(/creating cluster/);
  const sql = postgres({ host: "127.0.0.1", port, user: "postgres", database: "postgres", max: 1 });
  try {
    expect((await sql`select current_user as who`)[0].who).toBe("postgres");
  } finally {
    await sql.end();
  }
  const again = spawnSync(".ci/postgres", { env, encoding: "utf8" });
  expect([again.status, again.stdout]).toEqual([0, ""]);
});
