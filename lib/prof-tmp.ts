// temporary phase timer
const totals = new Map<string, { ms: number; n: number }>();
export async function timed<T>(name: string, f: () => Promise<T>): Promise<T> {
  const t = performance.now();
  try { return await f(); } finally {
    const e = totals.get(name) ?? { ms: 0, n: 0 };
    e.ms += performance.now() - t; e.n++; totals.set(name, e);
  }
}
export function dumpTimes() {
  for (const [k, v] of [...totals].sort((a, b) => b[1].ms - a[1].ms)) console.log(`  ${k}: ${(v.ms / 1000).toFixed(2)} s over ${v.n}`);
  totals.clear();
}
