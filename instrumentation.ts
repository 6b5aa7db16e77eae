/** Runs once when the server starts: migrate the database and, without Inngest, start the job timer. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDb } = await import("./db/client");
  const { config } = await import("./lib/config");
  const db = await getDb();
  if (!config.inngestConfigured && config.backgroundJobs) {
    const { startInProcessJobs } = await import("./lib/jobs/runner");
    startInProcessJobs(db);
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
