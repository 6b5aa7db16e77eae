/**
 * The Node version the project asks for (package.json `engines`, the README) is one every locked
 * dependency declares it runs on, so `npm install` on the oldest Node we name warns about nothing.
 * (sanitize-html 2.17.6 and later ask for Node 22.12; 2.17.5 is kept, see below.)
 */
import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";
import { ARTICLE_TAGS, sanitizeArticleHtml } from "../lib/knowledge/sanitize";

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), "utf8");
const pkg = JSON.parse(read("package.json")) as { engines: { node: string } };
const lock = JSON.parse(read("package-lock.json")) as { packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> };
const floor = semver.minVersion(pkg.engines.node)!;

describe("the Node version", () => {
  it("is one every locked package's engines admit", () => {
    const refused = Object.entries(lock.packages)
      .filter(([path, p]) => path && p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !semver.satisfies(floor, (p.engines as { node: string }).node))
      .map(([path, p]) => `${path}@${p.version} wants node ${(p.engines as { node: string }).node}`);
    expect(refused, `package.json engines.node ${pkg.engines.node}`).toEqual([]);
  });

  it("is the one the README names", () => {
    expect(read("README.md")).toContain(`Node ${floor.major}.${floor.minor}+`);
  });
});

// sanitize-html 2.17.6 and 2.17.7 fix mutation XSS through raw-text tags (textarea, xmp) and through
// SVG animations of URL attributes; both need those tags allowed, which the article allow-list never
// does. Keep it so while on 2.17.5 (or move to Node 22 and the newer release).
describe("the article sanitizer on sanitize-html 2.17.5", () => {
  it("allows none of the tags those fixes are about", () => {
    const allowed = new Set(ARTICLE_TAGS);
    for (const tag of ["textarea", "xmp", "svg", "animate", "set", "math", "noscript", "style", "script"]) expect(allowed.has(tag), tag).toBe(false);
  });

  it("drops them and what they carry", () => {
    const html = sanitizeArticleHtml(
      '<p>ok</p><textarea></textarea/><img src=x onerror=alert(1)></textarea><svg><a href="#"><animate attributeName="href" to="javascript:alert(1)"/></a></svg><xmp><script>alert(1)</script></xmp>',
    );
    expect(html).not.toMatch(/onerror|javascript:|<script|<svg|<animate|<textarea|<xmp/i);
    expect(html.startsWith("<p>ok</p>")).toBe(true);
  });
});
