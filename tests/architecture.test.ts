import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The folders of lib/ form layers: an import between two folders goes one way only. A cycle of
 * folders (accounts -> payments -> accounts) means neither can be understood, tested or moved
 * without the other. Every relative import counts, `import type` too. A file directly in lib/
 * (run-verb.ts, errors.ts, ...) is a node of its own: a folder that imports one that imports the
 * folder back (auth -> run-verb.ts -> auth) is an arrow back up, a cycle like any other.
 */
const LIB = path.resolve(__dirname, "../lib");
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*["'](\.{1,2}\/[^"']+)["']|import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The lib folder a file is in, the file's own name for one directly in lib/, or null outside lib/. */
function folderOf(file: string): string | null {
  const parts = path.relative(LIB, file).split(path.sep);
  if (parts[0] === "..") return null;
  return parts.length > 1 ? parts[0] : parts[0].replace(/\.tsx?$/, ".ts");
}

/** from -> to -> the imports (file: specifier) that make the edge. */
export function folderGraph() {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles(LIB)) {
    const from = folderOf(file);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    for (const m of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      const to = folderOf(path.resolve(path.dirname(file), spec));
      if (!to || to === from) continue;
      const edges = graph.get(from)!;
      edges.set(to, [...(edges.get(to) ?? []), `${path.relative(LIB, file)}: ${spec}`]);
      if (!graph.has(to)) graph.set(to, new Map());
    }
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one folder: each is a cycle (or several). */
export function cycles(graph: Map<string, Map<string, string[]>>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)!.keys()) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) out.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!indexOf.has(v)) visit(v);
  return out;
}

describe("lib/ folders", () => {
  it("finds a cycle when there is one (the check itself)", () => {
    const g = new Map([
      ["a", new Map([["b", ["a/x.ts: ../b/y"]]])],
      ["b", new Map([["c", ["b/y.ts: ../c/z"]]])],
      ["c", new Map([["a", ["c/z.ts: ../a/x"]]])],
      ["d", new Map([["a", ["d/w.ts: ../a/x"]]])],
    ]);
    expect(cycles(g)).toEqual([["a", "b", "c"]]);
    expect(
      cycles(
        new Map([
          ["a", new Map([["b", []]])],
          ["b", new Map()],
        ]),
      ),
    ).toEqual([]);
  });

  it("counts a file directly in lib/ as a node: an arrow back up through it is a cycle", () => {
    const graph = folderGraph();
    expect([...graph.keys()]).toContain("run-verb.ts");
    expect(graph.get("run-verb.ts")!.has("auth")).toBe(true);
  });

  it("import each other in one direction only: no cycle between folders (nor back up through lib/'s own files)", () => {
    const graph = folderGraph();
    expect(graph.size).toBeGreaterThan(10);
    const found = cycles(graph).map((component) => {
      const inside = new Set(component);
      const edges = component.flatMap((from) =>
        [...graph.get(from)!]
          .filter(([to]) => inside.has(to))
          .map(([to, imports]) => `  ${from} -> ${to}  (${imports.length}: ${imports.slice(0, 3).join(", ")}${imports.length > 3 ? ", ..." : ""})`),
      );
      return `cycle of ${component.length} folders: ${component.join(", ")}\n${edges.join("\n")}`;
    });
    expect(found.join("\n\n"), "move what makes a back edge to the folder below it").toBe("");
  });
});

describe("db/", () => {
  it("imports nothing from lib/ (domain rules live in lib/, the database layer stands under them)", () => {
    const DB = path.resolve(__dirname, "../db");
    const arrows = sourceFiles(DB).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(IMPORT)]
        .map((m) => m[1] ?? m[2])
        .filter((spec) => !path.relative(LIB, path.resolve(path.dirname(file), spec)).startsWith(".."))
        .map((spec) => `${path.relative(DB, file)}: ${spec}`),
    );
    expect(sourceFiles(DB).length).toBeGreaterThan(5);
    expect(arrows).toEqual([]);
  });
});

describe("components/", () => {
  it("never imports app/ (a route's code is handed to a shared component as a prop or from context)", () => {
    const ROOT = path.resolve(__dirname, "..");
    const COMPONENTS = path.join(ROOT, "components");
    const ANY_IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
    const arrows = sourceFiles(COMPONENTS).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(ANY_IMPORT)]
        .map((m) => m[1] ?? m[2])
        .filter((spec) => {
          const target = spec.startsWith("@/") ? path.join(ROOT, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(file), spec) : null;
          return target !== null && !path.relative(path.join(ROOT, "app"), target).startsWith("..");
        })
        .map((spec) => `${path.relative(ROOT, file)}: ${spec}`),
    );
    expect(sourceFiles(COMPONENTS).length).toBeGreaterThan(10);
    expect(arrows).toEqual([]);
  });
});

describe("statuses", () => {
  // A status is compared by its name (STATUS, INVOICE_STATUS in db/schema/status.ts), never as a
  // bare number: `status === 3` says nothing to a reader and survives a renumbering silently.
  const LITERAL = /\bstatus\s*[!=]==?\s*\d|\bstatus,\s*\d\s*\)|\bstatus:\s*\d\s*[,}]/g;
  const literalsIn = (text: string) => [...text.matchAll(LITERAL)].map((m) => m[0]);
  it("finds a literal when there is one (the check itself)", () => {
    expect(literalsIn("if (s.status === 1) x; eq(t.status, 3); ({ status: 1, a })")).toHaveLength(3);
    expect(literalsIn("if (s.status === STATUS.ACTIVE) x; eq(t.status, STATUS.DELETED)")).toEqual([]);
  });
  it("are named in one place: no status literal in app/, components/ or lib/", () => {
    const ROOT = path.resolve(__dirname, "..");
    const files = ["app", "components", "lib"].flatMap((d) => sourceFiles(path.join(ROOT, d)));
    const found = files.flatMap((file) => literalsIn(readFileSync(file, "utf8")).map((l) => `${path.relative(ROOT, file)}: ${l}`));
    expect(files.length).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });
});

describe("transaction steps", () => {
  /**
   * The files whose code commits part-way through a verb (outsideTransaction, commitSoFar) or has it
   * run again after a settlement (settleFirst): every caller up their chain commits and drops its
   * locks there. Each takes a StepContext, so the compiler makes every verb above it `stepped` (the
   * lists below). Adding or removing one is a decision to make on purpose (lib/run-verb.ts says why
   * a step is cut), so the list is kept here.
   */
  const CUTS_STEPS = [
    "pay-methods/create-pay-method.ts",
    "pay-methods/verify-pay-method.ts",
    "payments/attempts.ts",
    "payments/delete-payment.ts",
    "payments/settle-pending.ts",
    "subscriptions/create-subscription.ts",
    "test-clocks/advance.ts",
    "users/request-verification.ts",
    "users/sign-in.ts",
    "users/verify-code.ts",
  ];

  it("are cut only where listed", () => {
    const cutting = sourceFiles(LIB)
      .filter((file) => path.relative(LIB, file) !== "run-verb.ts" && /\b(?:outsideTransaction|commitSoFar|settleFirst)\(/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(LIB, file).split(path.sep).join("/"))
      .sort();
    expect(cutting).toEqual(CUTS_STEPS);
  });

  /**
   * The verbs that run in steps, as declared (`stepped`, lib/run-verb.ts): runVerb gives them a
   * StepContext, and the compiler makes every verb that reaches a step cut (or a settleFirst, or
   * another stepped verb) one of them. Endpoints and the actions of both UIs, by name.
   */
  const STEPPED_ENDPOINTS = [
    "Account/Delete",
    "Component/Delete",
    "Invoice/Delete",
    "Invoice/Update",
    "PayMethod/Create",
    "PayMethod/Verify",
    "Payment/Create",
    "Payment/Delete",
    "Product/Delete",
    "ProductGroup/Delete",
    "ProductGroup/Restore",
    "ProductGroup/Suspend",
    "Subscription/ChangeProduct",
    "Subscription/Create",
    "Subscription/Delete",
    "Subscription/ReportUsage",
    "Subscription/Restore",
    "Subscription/Suspend",
    "Subscription/Update",
    "Subscription/UpdateAutoPay",
    "TestClock/Advance",
    "User/2FARequest",
    "User/2FAVerify",
    "User/Authenticate",
  ];
  const STEPPED_ACTIONS = [
    "portal addPayMethod",
    "portal cancelSubscription",
    "portal changePlan",
    "portal payInvoice",
    "portal updateAutoPay",
    "portal updateSubscription",
    "portal verifyPayMethod",
    "staff accountDelete",
    "staff componentDelete",
    "staff invoiceDelete",
    "staff invoiceUpdate",
    "staff payMethodCreate",
    "staff payMethodVerify",
    "staff paymentCreate",
    "staff paymentRefund",
    "staff productDelete",
    "staff productGroupDelete",
    "staff productGroupRestore",
    "staff productGroupSuspend",
    "staff subscriptionChangeProduct",
    "staff subscriptionCreate",
    "staff subscriptionDelete",
    "staff subscriptionRestore",
    "staff subscriptionSuspend",
    "staff subscriptionUpdate",
    "staff testClockAdvance",
  ];

  it("are never cut in a dry run: only an estimate makes a StepContext that cuts nothing (withoutSteps)", () => {
    const making = sourceFiles(LIB)
      .filter((file) => path.relative(LIB, file) !== "run-verb.ts" && /\bwithoutSteps\(/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(LIB, file).split(path.sep).join("/"));
    expect(making).toEqual(["subscriptions/estimate-change.ts"]);
  });

  it("run in the verbs declared stepped, listed here", async () => {
    const { isStepped } = await import("../lib/run-verb");
    const { endpoints } = await import("../lib/api/endpoints");
    const { staffActions } = await import("../lib/dashboard/actions");
    const { portalActions } = await import("../lib/portal/actions");
    const endpointNames = endpoints.filter((e) => isStepped(e.handler)).map((e) => `${e.resource}/${e.action}`);
    const actionNames = [
      ...Object.entries(staffActions).map(([name, a]) => [`staff ${name}`, a.cutsSteps] as const),
      ...Object.entries(portalActions).map(([name, a]) => [`portal ${name}`, a.cutsSteps] as const),
    ]
      .filter(([, cuts]) => cuts)
      .map(([name]) => name);
    expect(endpointNames.sort()).toEqual(STEPPED_ENDPOINTS);
    expect(actionNames.sort()).toEqual(STEPPED_ACTIONS);
  });
});

describe("reads and the wire", () => {
  /**
   * A converted domain has one read module, lib/<domain>/read.ts (typed rows: cents, Dates, named
   * statuses), which the dashboard, the portal and the PDF read; its lib/<domain>/view.ts turns read
   * rows into the wire (toWire) for lib/api, and for the dashboard's CSV export, whose columns are
   * the API's fields. The write verbs and the invoice events below still answer the wire through the
   * view: the list only shrinks (a verb that answers read rows leaves it, lib/api's endpoint then
   * converts). Product groups (lib/catalog/view.ts productGroupView) are not converted yet: their
   * list and verbs still answer the wire.
   */
  const ROOT = path.resolve(__dirname, "..");
  const ANY_IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
  const posix = (p: string) => p.split(path.sep).join("/");
  const CONVERTED = ["accounts", "catalog", "credit-notes", "dunning", "invoices", "knowledge", "notifications", "payments", "subscriptions", "tickets"];
  const WRITE_SIDE_STILL_ON_THE_WIRE = [
    "lib/accounts/status.ts",
    "lib/accounts/update-account.ts",
    "lib/billing/invoice-events.ts",
    "lib/billing/run-dunning.ts",
    "lib/catalog/create-component.ts",
    "lib/catalog/create-coupon.ts",
    "lib/catalog/create-product-group.ts",
    "lib/catalog/create-product.ts",
    "lib/catalog/delete-coupon.ts",
    "lib/catalog/list-product-groups.ts",
    "lib/catalog/restore-component.ts",
    "lib/catalog/restore-product.ts",
    "lib/catalog/suspend-component.ts",
    "lib/catalog/suspend-product.ts",
    "lib/catalog/update-component.ts",
    "lib/catalog/update-coupon.ts",
    "lib/catalog/update-product-group.ts",
    "lib/catalog/update-product.ts",
    "lib/dunning/create-dunning-rule.ts",
    "lib/dunning/delete-dunning-rule.ts",
    "lib/dunning/update-dunning-rule.ts",
    "lib/invoices/create-invoice-for-subscription.ts",
    "lib/invoices/create-invoice.ts",
    "lib/invoices/events.ts",
    "lib/invoices/remind-invoice.ts",
    "lib/knowledge/create-article.ts",
    "lib/knowledge/create-category.ts",
    "lib/knowledge/delete-article.ts",
    "lib/knowledge/delete-category.ts",
    "lib/knowledge/restore-article.ts",
    "lib/knowledge/restore-category.ts",
    "lib/knowledge/update-article.ts",
    "lib/knowledge/update-category.ts",
    "lib/notifications/create-notification.ts",
    "lib/notifications/delete-notification.ts",
    "lib/notifications/restore-notification.ts",
    "lib/notifications/update-notification.ts",
    "lib/payments/answer.ts",
    "lib/payments/attempts.ts",
    "lib/payments/delete-invoice.ts",
    "lib/payments/settle-charges.ts",
    "lib/payments/update-invoice.ts",
    "lib/subscriptions/change-product.ts",
    "lib/subscriptions/create-subscription.ts",
    "lib/subscriptions/delete-account.ts",
    "lib/subscriptions/delete-component.ts",
    "lib/subscriptions/delete-product-group.ts",
    "lib/subscriptions/delete-product.ts",
    "lib/subscriptions/restore-product-group.ts",
    "lib/subscriptions/status-changes.ts",
    "lib/subscriptions/suspend-product-group.ts",
    "lib/subscriptions/upcoming-invoice.ts",
    "lib/subscriptions/update-subscription.ts",
    "lib/subscriptions/usage-and-auto-pay.ts",
    "lib/tickets/create-ticket.ts",
    "lib/tickets/delete-ticket.ts",
    "lib/tickets/merge-tickets.ts",
    "lib/tickets/update-ticket.ts",
    "lib/users/create-account.ts",
  ];

  /** Every import in lib/, app/ and components/ whose target is a domain's view.ts: [importer, view], both from the root. */
  function viewImports() {
    return ["lib", "app", "components"].flatMap((top) =>
      sourceFiles(path.join(ROOT, top)).flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(ANY_IMPORT)]
          .map((m) => m[1] ?? m[2])
          .map((spec) => (spec.startsWith("@/") ? path.join(ROOT, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(file), spec) : null))
          .filter((target): target is string => target !== null && /^lib\/[^/]+\/view(\.tsx?)?$/.test(posix(path.relative(ROOT, target))))
          .map((target) => [posix(path.relative(ROOT, file)), posix(path.relative(ROOT, target)).replace(/\.tsx?$/, "")] as const),
      ),
    );
  }

  it("finds the API's imports of the views (the check itself)", () => {
    const found = viewImports();
    expect(found).toContainEqual(["lib/api/endpoints/subscription.ts", "lib/subscriptions/view"]);
    expect(found).toContainEqual(["lib/api/endpoints/invoice.ts", "lib/invoices/view"]);
    expect(found).toContainEqual(["lib/api/endpoints/account.ts", "lib/accounts/view"]);
    expect(found).toContainEqual(["lib/api/endpoints/payment.ts", "lib/payments/view"]);
  });

  it("pages and components never import a wire view: they read rows and format them through lib/format.ts", () => {
    expect(viewImports().filter(([from]) => !from.startsWith("lib/"))).toEqual([]);
  });

  it("a converted domain's toWire is imported only by lib/api, the CSV export and the listed write side", () => {
    const importers = viewImports()
      .filter(([from, view]) => CONVERTED.some((d) => view === `lib/${d}/view`) && !from.startsWith("lib/api/") && from !== "lib/dashboard/exports.ts")
      .map(([from]) => from);
    expect([...new Set(importers)].sort()).toEqual(WRITE_SIDE_STILL_ON_THE_WIRE);
  });

  it("a converted domain reads through one module named read.ts, which knows nothing of the wire", () => {
    const domains = readdirSync(LIB, { withFileTypes: true }).filter((e) => e.isDirectory() && readdirSync(path.join(LIB, e.name)).includes("read.ts"));
    expect(domains.map((e) => e.name).sort()).toEqual(CONVERTED);
    for (const d of CONVERTED) {
      const files = readdirSync(path.join(LIB, d));
      expect(
        files.filter((f) => /^(page-queries|pages)\.ts$/.test(f)),
        d,
      ).toEqual([]);
      const read = readFileSync(path.join(LIB, d, "read.ts"), "utf8");
      expect(
        [...read.matchAll(ANY_IMPORT)].map((m) => m[1] ?? m[2]).filter((spec) => /(^|\/)(view|money|dates)$/.test(spec) && !spec.includes("format")),
        d,
      ).toEqual([]);
    }
  });
});
