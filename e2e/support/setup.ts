import { mkdirSync } from "node:fs";
import { afterAll, beforeAll } from "vitest";
import { chromium, type Browser } from "playwright-core";
import { openDatabase, type Database } from "../../db/client";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./browser";
import { startApp, type RunningApp } from "./server";

interface Wants {
  /** The app server's environment beyond the defaults (startApp). */
  env?: Record<string, string>;
  /** A folder for the file's screenshots, made first. */
  shots?: string;
  /** Launch headless Chromium. */
  browser?: boolean;
  /** Open this file's database (the one the app serves). */
  database?: boolean;
}

/** What was started: the app, and the browser and database when asked for. */
export type Started<W extends Wants> = { app: RunningApp } & (W["browser"] extends true ? { browser: Browser } : unknown) &
  (W["database"] extends true ? { database: Database } : unknown);

/**
 * One e2e file's setup: before its tests, the built app with a tenant (and Chromium, the database
 * when asked), handed to `ready` (which keeps them and makes what the file needs); after them,
 * everything closed again, even when a start failed part-way.
 */
export function useApp<W extends Wants>(wants: W, ready: (started: Started<W>) => unknown) {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let database: Database | undefined;
  beforeAll(async () => {
    if (wants.shots) mkdirSync(wants.shots, { recursive: true });
    app = await startApp(wants.env);
    if (wants.database) database = await openDatabase({ url: process.env.DATABASE_URL! });
    if (wants.browser) browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    await ready({ app, browser, database } as Started<W>);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await database?.close();
  });
}
