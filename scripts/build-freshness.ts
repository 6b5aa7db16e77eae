/**
 * Whether `npm start` must build before serving: no build yet, or a source the build is made from
 * changed after it (a `git pull`, an edit). Sources are the app's folders and the files that
 * configure the build; tests, benchmarks, docs and data are not.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export const BUILD_SOURCES = [
  "app",
  "components",
  "lib",
  "db",
  "inngest",
  "public",
  "proxy.ts",
  "instrumentation.ts",
  "next.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
  "postcss.config.mjs",
];

/** The newest modification time under `p` (a file or a folder), and the file that has it. */
function newest(p: string): { mtimeMs: number; file: string } {
  const stat = statSync(p);
  if (!stat.isDirectory()) return { mtimeMs: stat.mtimeMs, file: p };
  // A folder's own time moves when a file is added, removed or renamed in it.
  let best = { mtimeMs: stat.mtimeMs, file: p };
  for (const entry of readdirSync(p)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    const n = newest(path.join(p, entry));
    if (n.mtimeMs > best.mtimeMs) best = n;
  }
  return best;
}

/** Why a build is needed (a sentence for the console), or null when the build is newer than every source. */
export function staleBuild(root = process.cwd()): string | null {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return "no build yet";
  const built = statSync(buildId).mtimeMs;
  for (const source of BUILD_SOURCES) {
    const p = path.join(root, source);
    if (!existsSync(p)) continue;
    const n = newest(p);
    if (n.mtimeMs > built) return `${path.relative(root, n.file)} changed after the last build`;
  }
  return null;
}
