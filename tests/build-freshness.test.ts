/** npm start builds when there is no build or a source changed after it (a `git pull`), and only then. */
import { afterAll, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { staleBuild } from "../scripts/build-freshness";

const root = mkdtempSync(path.join(tmpdir(), "rb-build-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const at = (file: string, seconds: number) => utimesSync(path.join(root, file), seconds, seconds);
const write = (file: string, seconds: number) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), "x");
  at(file, seconds);
};

it("asks for a build when there is none, when a source is newer than it, and not otherwise", () => {
  write("lib/billing/run.ts", 1_000);
  write("app/page.tsx", 1_000);
  write("tests/a.test.ts", 1_000);
  for (const dir of ["lib/billing", "lib", "app", "tests"]) at(dir, 1_000);
  expect(staleBuild(root)).toBe("no build yet");
  write(".next/BUILD_ID", 2_000);
  expect(staleBuild(root)).toBeNull();
  // A test or a doc changing does not rebuild; a source deep in lib/ does.
  write("tests/b.test.ts", 3_000);
  write("README.md", 3_000);
  expect(staleBuild(root)).toBeNull();
  at("lib/billing/run.ts", 3_000);
  expect(staleBuild(root)).toBe("lib/billing/run.ts changed after the last build");
  at("lib/billing/run.ts", 1_000);
  // A file removed (git pull deleting one) moves its folder's time.
  at("app", 3_000);
  expect(staleBuild(root)).toBe("app changed after the last build");
  at("app", 1_000);
  write("package-lock.json", 3_000);
  expect(staleBuild(root)).toBe("package-lock.json changed after the last build");
});
