import { beforeAll, describe, expect, it } from "vitest";
import { makeTenant, ok, type Tenant } from "./support/api";
import { ManualClock, useClock } from "../lib/clock";
import { formatInstant } from "../lib/dates";
import { makeAccount } from "./support/payments";
import { attempt, expectError, FORMATS, GROUP_PARAMS, listed, makeGroup, makeProduct, PRODUCT_PARAMS, snapshot } from "./support/catalog";

const clock = new ManualClock("2026-01-01T00:00:00Z");
useClock(clock);

const SIZE = { name: "Size", prompt: "Y", type: "Options", options: ["S", "M", "L"], description: "Shirt size", swapable: "Y", category: "Apparel" };
const NOTE = { name: "Gift note", type: "text" };

let t: Tenant;
let other: Tenant;
beforeAll(async () => {
  [t, other] = await Promise.all([makeTenant(), makeTenant()]);
});

const groupNow = (id: string) => snapshot(t, "ProductGroup/List", "product_group_id", id, "product_groups");
const groupCount = async (tenant = t) => Number((await ok(tenant, "json", "ProductGroup/List")).count);

describe("ProductGroup/Create", () => {
  for (const format of FORMATS) {
    it(`${format}: creates a group with variables and an action_url`, async () => {
      const params = { ...GROUP_PARAMS, action_url: "https://hooks.example.com/orders", VAR1: JSON.stringify(SIZE), VAR10: JSON.stringify(NOTE) };
      const body = await ok(t, format, "ProductGroup/Create", { method: "POST", params });
      expect(body.status).toBe("success");
      const g = body.product_group;
      expect(g.product_group_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(g).toMatchObject({ name: "Streaming", description: "Streaming plans", action_url: "https://hooks.example.com/orders", status: "1", deleted: "" });
      expect(g.VAR2).toBe("");
      // Defaults filled in, the type spelled canonically; XML nests the options as <options><option/>.
      expect(g.VAR10).toEqual({
        name: "Gift note",
        prompt: "N",
        type: "TEXT",
        options: format === "json" ? [] : "",
        description: "",
        swapable: "N",
        category: "",
      });
      if (format === "json") expect(g.VAR1).toEqual(SIZE);
      else expect(g.VAR1).toEqual({ ...SIZE, options: { option: ["S", "M", "L"] } });
    });
  }

  // Issue 14 item 6: the spec gives TEXT as an example only.
  for (const format of FORMATS) {
    it(`${format}: accepts any variable type name; an unknown one takes any value, as TEXT`, async () => {
      const colour = { name: "Colour", type: "COLOUR" };
      const g = (await ok(t, format, "ProductGroup/Create", { method: "POST", params: { ...GROUP_PARAMS, VAR1: JSON.stringify(colour) } })).product_group;
      expect(g.VAR1).toMatchObject({ ...colour, prompt: "N" });
      const p = await makeProduct(t, g.product_group_id);
      const account = await makeAccount(t);
      const s = await ok(t, format, "Subscription/Create", {
        method: "POST",
        params: { customer_account_id: account, product_id: p.product_id, override_initial_billing: "Y", auto_pay: "N", VAR1: "sea green" },
      });
      expect(s.subscription.VAR1).toBe("sea green");
    });
  }

  // Issue 29 item 9: the spec names options as a key of every variable and requires only that an
  // Options variable's value be one of them.
  for (const format of FORMATS) {
    it(`${format}: keeps options on a variable of any type as sent, and checks the value against them for Options only`, async () => {
      const dropdown = { name: "Size", type: "DROPDOWN", options: ["s", "m", "s"] };
      const note = { ...NOTE, options: ["short"] };
      const g = (
        await ok(t, format, "ProductGroup/Create", { method: "POST", params: { ...GROUP_PARAMS, VAR1: JSON.stringify(dropdown), VAR2: JSON.stringify(note) } })
      ).product_group;
      if (format === "json") expect([g.VAR1.options, g.VAR2.options]).toEqual([dropdown.options, note.options]);
      else expect([g.VAR1.options, g.VAR2.options]).toEqual([{ option: dropdown.options }, { option: "short" }]);
      expect((await groupNow(g.product_group_id)).VAR1).toMatchObject(dropdown);
      const p = await makeProduct(t, g.product_group_id);
      const account = await makeAccount(t);
      const s = await ok(t, format, "Subscription/Create", {
        method: "POST",
        params: { customer_account_id: account, product_id: p.product_id, override_initial_billing: "Y", auto_pay: "N", VAR1: "xl", VAR2: "a long note" },
      });
      expect([s.subscription.VAR1, s.subscription.VAR2]).toEqual(["xl", "a long note"]);
    });
  }

  it("needs only name and description", async () => {
    const g = await makeGroup(t);
    expect(g.action_url).toBe("");
    for (let i = 1; i <= 10; i++) expect(g[`VAR${i}`]).toBe("");
  });

  it("refuses a missing name or description naming it", async () => {
    expectError(await attempt(t, "json", "ProductGroup/Create", "POST", { description: "x" }), 400, "MISSING_PARAMETER", "name");
    expectError(await attempt(t, "xml", "ProductGroup/Create", "POST", { name: "x", description: "" }), 400, "MISSING_PARAMETER", "description");
  });

  const badVariables: [string, string, RegExp][] = [
    ["malformed JSON", "{name: Size", /must be valid JSON/],
    ["an unknown key", JSON.stringify({ ...NOTE, colour: "red" }), /unknown key "colour"/],
    ["an Options variable without options", JSON.stringify({ name: "Size", type: "Options" }), /at least one option/],
    ["an Options variable repeating an option", JSON.stringify({ name: "Size", type: "Options", options: ["S", "S"] }), /must not repeat/],
    ["an empty type", JSON.stringify({ name: "Size", type: " " }), /type/],
    ["a prompt other than Y/N", JSON.stringify({ ...NOTE, prompt: "yes" }), /must be Y or N/],
    ["a swapable other than Y/N", JSON.stringify({ ...NOTE, swapable: "true" }), /must be Y or N/],
    ["no name", JSON.stringify({ type: "TEXT" }), /name/],
    ["an array instead of an object", "[1,2]", /must be a JSON object/],
  ];
  for (const [what, value, message] of badVariables) {
    it(`refuses a VARn with ${what}, naming the slot, and creates nothing`, async () => {
      const before = await groupCount();
      for (const format of FORMATS) {
        const r = await attempt(t, format, "ProductGroup/Create", "POST", { ...GROUP_PARAMS, VAR1: JSON.stringify(SIZE), VAR7: value });
        expect(expectError(r, 400, "INVALID_PARAMETER", "VAR7")).toMatch(message);
      }
      expect(await groupCount()).toBe(before);
    });
  }

  it("refuses an action_url that is not a fully qualified http(s) address", async () => {
    for (const url of ["hooks.example.com/orders", "ftp://hooks.example.com", "/orders", "https://", "javascript:alert(1)"]) {
      expectError(await attempt(t, "json", "ProductGroup/Create", "POST", { ...GROUP_PARAMS, action_url: url }), 400, "INVALID_PARAMETER", "action_url");
    }
    await makeGroup(t, { action_url: "http://localhost:8080/hook" });
  });
});

describe("ProductGroup/List", () => {
  for (const format of FORMATS) {
    it(`${format}: lists the groups that are not deleted; by id also a deleted one`, async () => {
      const s = await makeTenant();
      const [a, b] = [await makeGroup(s, { name: "A" }), await makeGroup(s, { name: "B" })];
      await ok(s, "json", "ProductGroup/Delete", { method: "DELETE", params: { product_group_id: b.product_group_id } });
      const all = await ok(s, format, "ProductGroup/List");
      expect(all.count).toBe("1");
      expect(listed(format, all, "product_groups").map((g) => g.product_group_id)).toEqual([a.product_group_id]);
      const one = await ok(s, format, "ProductGroup/List", { params: { product_group_id: b.product_group_id } });
      expect(listed(format, one, "product_groups")[0]).toMatchObject({ product_group_id: b.product_group_id, status: "3" });
    });
  }

  it("lists nothing for another brand's id or an id that is not one", async () => {
    const theirs = await makeGroup(other);
    expect((await ok(t, "json", "ProductGroup/List", { params: { product_group_id: theirs.product_group_id } })).count).toBe("0");
    expect((await ok(t, "json", "ProductGroup/List", { params: { product_group_id: "nope" } })).count).toBe("0");
  });
});

describe("ProductGroup/Update", () => {
  for (const format of FORMATS) {
    it(`${format}: absent parameters are left alone`, async () => {
      const g = await makeGroup(t, { action_url: "https://a.example/x", VAR1: JSON.stringify(SIZE), VAR2: JSON.stringify(NOTE) });
      const body = await ok(t, format, "ProductGroup/Update", { method: "PATCH", params: { product_group_id: g.product_group_id, name: "Renamed" } });
      expect(body.product_group.name).toBe("Renamed");
      const now = await groupNow(g.product_group_id);
      expect(now).toMatchObject({ name: "Renamed", description: g.description, action_url: "https://a.example/x", VAR1: SIZE });
      expect(now.VAR2.name).toBe("Gift note");
    });
  }

  it("sent empty, action_url and VARn are cleared; a VARn sent is replaced", async () => {
    const g = await makeGroup(t, { action_url: "https://a.example/x", VAR1: JSON.stringify(SIZE), VAR2: JSON.stringify(NOTE) });
    await ok(t, "json", "ProductGroup/Update", {
      method: "PATCH",
      params: { product_group_id: g.product_group_id, action_url: "", VAR1: "", VAR3: JSON.stringify({ name: "Colour", type: "Options", options: ["red"] }) },
    });
    const now = await groupNow(g.product_group_id);
    expect(now).toMatchObject({ action_url: "", VAR1: "", VAR3: { name: "Colour", options: ["red"] } });
    expect(now.VAR2.name).toBe("Gift note");
  });

  it("name and description can change but not be cleared", async () => {
    const g = await makeGroup(t);
    const before = await groupNow(g.product_group_id);
    expectError(await attempt(t, "json", "ProductGroup/Update", "PATCH", { product_group_id: g.product_group_id, name: "" }), 400, "INVALID_PARAMETER", "name");
    expectError(
      await attempt(t, "xml", "ProductGroup/Update", "PATCH", { product_group_id: g.product_group_id, description: "" }),
      400,
      "INVALID_PARAMETER",
      "description",
    );
    expect(await groupNow(g.product_group_id)).toEqual(before);
  });

  it("a bad VARn changes nothing at all, not even the valid parameters beside it", async () => {
    const g = await makeGroup(t, { VAR1: JSON.stringify(SIZE) });
    const before = await groupNow(g.product_group_id);
    clock.advance({ minutes: 1 });
    const r = await attempt(t, "json", "ProductGroup/Update", "PATCH", { product_group_id: g.product_group_id, name: "Changed", VAR1: "", VAR4: "{oops" });
    expectError(r, 400, "INVALID_PARAMETER", "VAR4");
    expect(await groupNow(g.product_group_id)).toEqual(before);
  });

  it("refuses to change a deleted group", async () => {
    const g = await makeGroup(t);
    await ok(t, "json", "ProductGroup/Delete", { method: "DELETE", params: { product_group_id: g.product_group_id } });
    expectError(
      await attempt(t, "json", "ProductGroup/Update", "PATCH", { product_group_id: g.product_group_id, name: "x" }),
      409,
      "INVALID_STATE",
      "product_group_id",
    );
  });
});

describe("ProductGroup Suspend, Delete, Restore", () => {
  for (const format of FORMATS) {
    it(`${format}: active -> suspended -> active -> deleted -> active`, async () => {
      const id = (await makeGroup(t)).product_group_id;
      const p = { product_group_id: id };
      expect((await ok(t, format, "ProductGroup/Suspend", { method: "PATCH", params: p })).product_group.status).toBe("2");
      expect((await ok(t, format, "ProductGroup/Restore", { method: "PATCH", params: p })).product_group.status).toBe("1");
      const deleted = (await ok(t, format, "ProductGroup/Delete", { method: "DELETE", params: p })).product_group;
      expect(deleted.status).toBe("3");
      expect(deleted.deleted).toBe(formatInstant(clock.now()));
      const restored = (await ok(t, format, "ProductGroup/Restore", { method: "PATCH", params: p })).product_group;
      expect(restored).toMatchObject({ status: "1", deleted: "" });
    });
  }

  it("suspends only an active group and restores only one that is not active", async () => {
    const id = (await makeGroup(t)).product_group_id;
    const p = { product_group_id: id };
    expectError(await attempt(t, "json", "ProductGroup/Restore", "PATCH", p), 409, "INVALID_STATE", "product_group_id");
    await ok(t, "json", "ProductGroup/Suspend", { method: "PATCH", params: p });
    expectError(await attempt(t, "xml", "ProductGroup/Suspend", "PATCH", p), 409, "INVALID_STATE", "product_group_id");
    await ok(t, "json", "ProductGroup/Delete", { method: "DELETE", params: p });
    expectError(await attempt(t, "json", "ProductGroup/Suspend", "PATCH", p), 409, "INVALID_STATE", "product_group_id");
  });

  it("deleting again keeps the first deletion time", async () => {
    const id = (await makeGroup(t)).product_group_id;
    const first = (await ok(t, "json", "ProductGroup/Delete", { method: "DELETE", params: { product_group_id: id } })).product_group;
    clock.advance({ days: 3 });
    const again = (await ok(t, "json", "ProductGroup/Delete", { method: "DELETE", params: { product_group_id: id } })).product_group;
    expect(again.deleted).toBe(first.deleted);
    expect(again.updated).toBe(first.updated);
  });

  it("a group has no restore window: restored even a year after its deletion", async () => {
    const id = (await makeGroup(t)).product_group_id;
    await ok(t, "json", "ProductGroup/Delete", { method: "DELETE", params: { product_group_id: id } });
    clock.advance({ days: 365 });
    expect((await ok(t, "json", "ProductGroup/Restore", { method: "PATCH", params: { product_group_id: id } })).product_group.status).toBe("1");
  });

  it("a deleted group takes no new products; a suspended one does", async () => {
    const g = (await makeGroup(t)).product_group_id;
    await ok(t, "json", "ProductGroup/Suspend", { method: "PATCH", params: { product_group_id: g } });
    await makeProduct(t, g);
    await ok(t, "json", "ProductGroup/Delete", { method: "DELETE", params: { product_group_id: g } });
    const r = await attempt(t, "json", "Product/Create", "POST", { product_group_id: g, ...PRODUCT_PARAMS });
    expectError(r, 409, "INVALID_STATE", "product_group_id");
  });
});

describe("another brand's groups", () => {
  it("are 404 to every endpoint and are not changed", async () => {
    const theirs = await makeGroup(other, { VAR1: JSON.stringify(SIZE) });
    const before = (await ok(other, "json", "ProductGroup/List", { params: { product_group_id: theirs.product_group_id } })).product_groups[0];
    const p = { product_group_id: theirs.product_group_id };
    for (const format of FORMATS) {
      expectError(await attempt(t, format, "ProductGroup/Update", "PATCH", { ...p, name: "Mine now" }), 404, "NOT_FOUND", "product_group_id");
      expectError(await attempt(t, format, "ProductGroup/Suspend", "PATCH", p), 404, "NOT_FOUND", "product_group_id");
      expectError(await attempt(t, format, "ProductGroup/Delete", "DELETE", p), 404, "NOT_FOUND", "product_group_id");
      expectError(await attempt(t, format, "ProductGroup/Restore", "PATCH", p), 404, "NOT_FOUND", "product_group_id");
    }
    const after = (await ok(other, "json", "ProductGroup/List", { params: { product_group_id: theirs.product_group_id } })).product_groups[0];
    expect(after).toEqual(before);
  });
});
