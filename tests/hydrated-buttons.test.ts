/**
 * Buttons that only work through React are disabled in the server's HTML and enabled once React
 * runs: clicked before, a form would go the browser's way (a GET of the page with every field in
 * the address) and a confirmation would never open (the catalog journey's red CI runs clicked
 * before hydration on a loaded machine).
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push() {}, refresh() {} }) }));

const { FormActions } = await import("../components/forms/form");
const { ConfirmButton } = await import("../components/ui/confirm-dialog");

describe("in the server's HTML, before React runs", () => {
  it("a form's submit button is disabled", () => {
    const html = renderToString(createElement(FormActions, { busy: false, submitLabel: "Create product" }));
    expect(html).toMatch(/<button type="submit"[^>]* disabled=""[^>]*>Create product<\/button>/);
  });

  it("a confirmation's opening button is disabled", () => {
    const html = renderToString(
      createElement(ConfirmButton, { label: "Suspend", title: "Suspend?", confirmLabel: "Suspend product", onConfirm: async () => null, children: "x" }),
    );
    expect(html).toMatch(/<button type="button"[^>]* disabled=""[^>]*>Suspend/);
  });
});
