/** Runs once when the server starts: migrate the database and, without Inngest, start the job timer. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDb } = await import("./db/client");
  const { config } = await import("./lib/config");
  const db = await getDb();
  if (!config.inngestConfigured && config.backgroundJobs) {
    const { startInProcessJobs } = await import("./lib/jobs/runner");
    startInProcessJobs(db);
  }
}
