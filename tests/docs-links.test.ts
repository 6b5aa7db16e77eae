/**
 * README.md and docs/ travel with a clone: every link in them resolves to a file inside the
 * repository (and an anchor to a heading of it), none points outside it (`../`), and every file path
 * they name in code (`lib/auth/context.ts`) exists, so a rename cannot leave the docs behind.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const docs = [
  "README.md",
  ...readdirSync(join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchors(markdown: string) {
  return new Set(
    [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((m) =>
      m[1]
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, "")
        .replace(/ /g, "-"),
    ),
  );
}

/** Markdown outside fenced blocks (a shell example may mention anything). */
function prose(markdown: string) {
  return markdown.replace(/^```[\s\S]*?^```/gm, "");
}

const inside = (path: string) => {
  const rel = relative(root, path);
  return rel !== "" && !rel.startsWith("..") && !rel.startsWith(sep);
};

describe.each(docs)("%s", (file) => {
  const text = readFileSync(join(root, file), "utf8");

  it("links only to files and headings inside the repository", () => {
    const bad: string[] = [];
    for (const [, target] of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^(https?:|mailto:)/.test(target)) continue;
      const [path, anchor] = target.split("#");
      const abs = path ? resolve(root, dirname(file), path) : join(root, file);
      if (!inside(abs) || !existsSync(abs)) {
        bad.push(`${target}: no such file in the repository`);
        continue;
      }
      if (anchor && statSync(abs).isFile() && !anchors(readFileSync(abs, "utf8")).has(anchor)) bad.push(`${target}: no such heading`);
    }
    expect(bad).toEqual([]);
  });

  it("names no path outside the repository", () => {
    expect(text.match(/(^|[\s`("'])\.\.\/[^\s`)"']*/gm) ?? []).toEqual([]);
  });

  it("names only files of the repository in code", () => {
    const missing = [...prose(text).matchAll(/`([^`\s]+)`/g)]
      .map((m) => m[1].replace(/[.,:;]+$/, ""))
      // A path of the repository (a top-level folder and one more part); placeholders and globs are not.
      .filter((p) => /^(\.ci|app|bench|components|db|docs|e2e|inngest|lib|scripts|tests)\/[^/]/.test(p) && !/[<>{}*…]|\.\.\./.test(p))
      .filter((p) => !existsSync(join(root, p.split("#")[0])));
    expect(missing).toEqual([]);
  });
});

it("the README fits a screen or two and leaves the rest to docs/", () => {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  expect(readme.split("\n").length).toBeLessThanOrEqual(80);
  for (const doc of docs.filter((d) => d !== "README.md")) expect(readme, `README links ${doc}`).toContain(`](${doc})`);
});
