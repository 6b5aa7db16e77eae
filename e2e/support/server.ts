import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { openDatabase } from "../../db/client";
import { createServiceAccount } from "../../lib/platform/bootstrap";

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export interface RunningServer {
  baseUrl: string;
  /** The server process, to read its memory (/proc/<pid>/status). */
  pid: number;
  stop(): Promise<void>;
}

export interface RunningApp extends RunningServer {
  creds: { key: string; user_key: string; brand_id: string };
  /** The tenant's ADMIN staff user, for dashboard sign-in. */
  staff: { id: string; serviceAccountId: string; email: string; password: string };
}

/**
 * The built app (scripts/serve.js, as `npm run serve`) on a free port against this test file's own database, with a
 * tenant to call it with; `env` overrides its environment. Needs `next build` first (npm test does it).
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const url = process.env.DATABASE_URL!;
  const database = await openDatabase({ url });
  const staff = { email: `e2e-${Date.now()}@example.com`, password: "e2e staff password" };
  const made = await createServiceAccount(database.db, { name: "E2E", brandName: "E2E Brand", staffEmail: staff.email, staffPassword: staff.password });
  await database.close();
  const server = await startServer({ DATABASE_URL: url, ...env });
  return {
    ...server,
    creds: { key: made.key, user_key: made.user_key, brand_id: made.brand_id },
    staff: { id: made.staffUserId, serviceAccountId: made.serviceAccountId, ...staff },
  };
}

/**
 * The built app on a free port, as it is (no tenant made), ready once /api/health answers: 200, or
 * with `anyHealth` any answer (a server started while its database is unavailable answers 503).
 */
export async function startServer(env: Record<string, string> = {}, opts: { anyHealth?: boolean } = {}): Promise<RunningServer> {
  if (!existsSync(".next/BUILD_ID")) throw new Error("Run `npm run build` before the e2e tests (npm test does)");
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["scripts/serve.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      BACKGROUND_JOBS: "off",
      LOG_LEVEL: "silent",
      NEXTAUTH_URL: `http://127.0.0.1:${port}`,
      NEXTAUTH_SECRET: "e2e-session-secret-not-for-production",
      // As deployed: every statement under row-level security (this process's own handle is the owner's).
      DATABASE_ROLE: "app",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const r = await fetch(`${baseUrl}/api/health`);
      if (r.ok || opts.anyHealth) break;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the app did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
