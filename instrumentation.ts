/** Tries every few seconds until the database is up (and migrated). */
async function databaseOnceUp<T>(getDb: () => Promise<T>): Promise<T> {
  for (;;) {
    await new Promise((r) => setTimeout(r, 5000).unref());
    try {
      return await getDb();
    } catch {
      /* still down: the API answers 503 meanwhile */
    }
  }
}

/** Runs once when the server starts: migrate the database and, without Inngest, start the job timer. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDb } = await import("./db/client");
  const { config } = await import("./lib/config");
  const { logger } = await import("./lib/log");
  // A failed register would answer a bare 500 to every request, forever: a database that is down or
  // not created yet at start is waited for instead, and the jobs start once it is there.
  const up = await getDb().catch((err) => void logger.error("the database is unavailable at start; the API answers 503 until it is back", { error: err }));
  const db = up ? Promise.resolve(up) : databaseOnceUp(getDb);
  // Signing secrets stored in clear before they were sealed (issue 28 item 5): sealed once the database answers.
  const { sealBrandSecrets } = await import("./lib/webhooks/post");
  void db.then((d) => sealBrandSecrets(d)).catch((err) => logger.error("sealing stored signing secrets failed", { error: err }));
  if (!config.inngestConfigured && config.backgroundJobs) {
    const { startInProcessJobs } = await import("./lib/jobs/runner");
    void db.then((d) => startInProcessJobs(d));
  } else if (config.inngestConfigured) {
    // Committed events are delivered at once by deliver-outbox (its cron is the backstop).
    const { setOutboxWaker } = await import("./lib/outbox/wake");
    const { inngest } = await import("./inngest/client");
    let queued = false; // one nudge a second at most: a run delivers everything due
    setOutboxWaker(() => {
      if (queued) return;
      queued = true;
      setTimeout(() => {
        queued = false;
        void inngest.send({ name: "outbox/nudge" }).catch(() => {});
      }, 1000).unref();
    });
  }
}
