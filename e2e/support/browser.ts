import { expect } from "vitest";
import type { Page } from "playwright-core";
import AxeBuilder from "@axe-core/playwright";

/** Debian's Chromium (no browser downloads here), with flags that keep it off the network. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** No serious or critical accessibility violation on the page (`exclude`: a selector axe leaves out). */
export async function axe(page: Page, what: string, exclude?: string) {
  // Next streams a page's metadata: its <title> can land a moment after the content a test waited
  // for (seen once in CI after a client-side navigation). Past 5 s axe reports the missing title.
  await page.waitForFunction(() => document.title !== "", undefined, { timeout: 5000 }).catch(() => {});
  const builder = new AxeBuilder({ page });
  if (exclude) builder.exclude(exclude);
  const result = await builder.analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map((v) => `${what}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    what,
  ).toEqual([]);
}

/**
 * Open a page with a form and wait until React has hydrated it (its submit button is enabled only
 * then). A fill that races hydration can lose its select-all when the form sets its initial
 * values, appending to the old text instead of replacing it (seen once in CI on an edit page).
 */
export async function gotoForm(page: Page, url: string) {
  await page.goto(url);
  await page.locator("form button[type=submit]:enabled").first().waitFor();
}

/** The text of every page of a PDF, with pdfjs (its legacy build runs in Node). */
export async function pdfText(bytes: Uint8Array) {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const pdf = await pdfjs.getDocument({ data: bytes, verbosity: 0 }).promise;
  let text = "";
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    text += content.items.map((i) => ("str" in i ? i.str : "")).join("\n") + "\n";
  }
  return text;
}
