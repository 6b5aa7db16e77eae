/** Structured logs on stdout/stderr, one JSON line each. Errors keep their stack here, never on the wire. */
function line(level: string, msg: string, fields: Record<string, unknown> = {}) {
  const out: Record<string, unknown> = { level, time: new Date().toISOString(), msg };
  for (const [k, v] of Object.entries(fields)) {
    out[k] = v instanceof Error ? { name: v.name, message: v.message, stack: v.stack } : v;
  }
  return JSON.stringify(out);
}

export const logger = {
  info: (msg: string, fields?: Record<string, unknown>) => {
    if (process.env.LOG_LEVEL !== "silent") console.log(line("info", msg, fields));
  },
  error: (msg: string, fields?: Record<string, unknown>) => {
    if (process.env.LOG_LEVEL !== "silent") console.error(line("error", msg, fields));
  },
};
