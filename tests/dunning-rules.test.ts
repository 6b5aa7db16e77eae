import { beforeAll, describe, expect, it } from "vitest";
import { makeTenant, ok, type Tenant } from "./support/api";
import { ManualClock, useClock } from "../lib/clock";
import { attempt, expectError, FORMATS, listed, makeGroup } from "./support/catalog";

const clock = new ManualClock("2026-03-01T00:00:00Z");
useClock(clock);

const RULE_PARAMS = {
  name: "Remind after a week",
  description: "Remind customers a week after the due date",
  overdue_days: "7",
  overdue_amount: "25.00",
  enforcement_action: "REMIND",
};

let t: Tenant;
let other: Tenant;
let group: string;
beforeAll(async () => {
  [t, other] = await Promise.all([makeTenant(), makeTenant()]);
  group = (await makeGroup(t)).product_group_id;
});

/** The rule in either format's answer (XML puts it under the same namespace). */
const ruleOf = (r: { body: any }) => r.body.dunning_rule;

const create = (format: string, params: Record<string, string> = {}, tenant = t) =>
  attempt(tenant, format, "DunningRule/Create", "POST", { product_group_id: group, ...RULE_PARAMS, ...params });

const makeRule = async (params: Record<string, string> = {}, tenant = t) => {
  const r = await create("json", params, tenant);
  expect(r.status, r.text).toBe(200);
  return ruleOf(r);
};

/** Update sends every field again (spec); `params` overrides them. */
const update = (format: string, ruleId: string, params: Record<string, string> = {}, tenant = t) =>
  attempt(tenant, format, "DunningRule/Update", "PATCH", { rule_id: ruleId, product_group_id: group, ...RULE_PARAMS, ...params });

/** All rules of a tenant as List answers them (JSON), to prove refused calls changed nothing. */
const rulesOf = async (tenant: Tenant = t) => (await ok(tenant, "json", "DunningRule/List")).dunning_rules as any[];
const ruleNow = async (id: string, tenant: Tenant = t) => (await rulesOf(tenant)).find((r) => r.rule_id === id);

describe("DunningRule/Create", () => {
  for (const format of FORMATS) {
    it(`${format}: creates a rule, money as an amount and post_url empty when not given`, async () => {
      const r = await create(format, { overdue_amount: "25" });
      expect(r.status, r.text).toBe(200);
      expect(ruleOf(r)).toMatchObject({
        product_group_id: group,
        name: "Remind after a week",
        description: "Remind customers a week after the due date",
        overdue_days: "7",
        overdue_amount: "25.00",
        enforcement_action: "REMIND",
        post_url: "",
        created: "2026-03-01T00:00:00Z",
      });
      expect(ruleOf(r).rule_id).toMatch(/^[0-9a-f-]{36}$/);
    });

    it(`${format}: a POST rule needs post_url (absent or empty is MISSING_PARAMETER) and keeps it`, async () => {
      const before = (await rulesOf()).length;
      const missing = expectError(await create(format, { enforcement_action: "POST" }), 400, "MISSING_PARAMETER", "post_url");
      expect(missing).toBe("post_url is required when enforcement_action is POST");
      expectError(await create(format, { enforcement_action: "POST", post_url: "" }), 400, "MISSING_PARAMETER", "post_url");
      expect((await rulesOf()).length).toBe(before);
      const r = await create(format, { enforcement_action: "POST", post_url: "https://hooks.example.com/dunning?x=1" });
      expect(r.status, r.text).toBe(200);
      expect(ruleOf(r)).toMatchObject({ enforcement_action: "POST", post_url: "https://hooks.example.com/dunning?x=1" });
    });
  }

  it("creates each enforcement action; post_url is accepted (kept, unused) for the others", async () => {
    for (const action of ["SUSPEND", "DELETE", "REMIND"]) {
      const rule = await makeRule({ enforcement_action: action, post_url: "http://example.com/unused" });
      expect(rule).toMatchObject({ enforcement_action: action, post_url: "http://example.com/unused" });
    }
  });

  it("description needs at least 15 characters: 14 refused, 15 accepted, blanks around do not count", async () => {
    const before = (await rulesOf()).length;
    for (const format of FORMATS) {
      const message = expectError(await create(format, { description: "a".repeat(14) }), 400, "INVALID_PARAMETER", "description");
      expect(message).toBe("description must be at least 15 characters");
      expectError(await create(format, { description: ` ${"b".repeat(14)} ` }), 400, "INVALID_PARAMETER", "description");
    }
    expect((await rulesOf()).length).toBe(before);
    expect((await makeRule({ description: "c".repeat(15) })).description).toBe("ccccccccccccccc");
    // Characters, not UTF-16 units: 15 accented letters and emoji are 15 characters.
    expect((await makeRule({ description: "é".repeat(14) + "🙂" })).description).toBe("é".repeat(14) + "🙂");
    expectError(await create("json", { description: "é".repeat(13) + "🙂" }), 400, "INVALID_PARAMETER", "description");
  });

  it("refuses bad values and absent required parameters naming them, and creates nothing", async () => {
    const before = (await rulesOf()).length;
    const bad: [string, string][] = [
      ["overdue_days", "0"],
      ["overdue_days", "-1"],
      ["overdue_days", "1.5"],
      ["overdue_days", "seven"],
      ["overdue_amount", "10.001"],
      ["overdue_amount", "-5.00"],
      ["overdue_amount", "ten"],
      ["enforcement_action", "suspend"],
      ["enforcement_action", "EMAIL"],
      ["post_url", "ftp://example.com/x"],
      ["post_url", "example.com/hook"],
      ["name", "x".repeat(256)],
    ];
    for (const format of FORMATS) {
      for (const [param, value] of bad) expectError(await create(format, { [param]: value }), 400, "INVALID_PARAMETER", param);
      for (const param of ["product_group_id", ...Object.keys(RULE_PARAMS)]) {
        const params: Record<string, string> = { product_group_id: group, ...RULE_PARAMS };
        delete params[param];
        expectError(await attempt(t, format, "DunningRule/Create", "POST", params), 400, "MISSING_PARAMETER", param);
        expectError(await create(format, { [param]: "" }), 400, "MISSING_PARAMETER", param);
      }
    }
    expect((await rulesOf()).length).toBe(before);
  });

  it("needs a product group of this brand that is not deleted (a suspended one is fine)", async () => {
    const before = (await rulesOf()).length;
    const theirs = (await makeGroup(other)).product_group_id;
    expectError(await create("json", { product_group_id: theirs }), 404, "NOT_FOUND", "product_group_id");
    expectError(await create("xml", { product_group_id: "not-a-uuid" }), 404, "NOT_FOUND", "product_group_id");
    const gone = (await makeGroup(t)).product_group_id;
    await ok(t, "json", "ProductGroup/Delete", { method: "DELETE", params: { product_group_id: gone } });
    expectError(await create("xml", { product_group_id: gone }), 409, "INVALID_STATE", "product_group_id");
    expect((await rulesOf()).length).toBe(before);
    expect(await rulesOf(other)).toEqual([]);
    const paused = (await makeGroup(t)).product_group_id;
    await ok(t, "json", "ProductGroup/Suspend", { method: "PATCH", params: { product_group_id: paused } });
    expect((await makeRule({ product_group_id: paused })).product_group_id).toBe(paused);
  });
});

describe("DunningRule/List", () => {
  for (const format of FORMATS) {
    it(`${format}: lists the brand's rules oldest first, narrowed by product group`, async () => {
      const s = await makeTenant();
      const [g1, g2] = [(await makeGroup(s)).product_group_id, (await makeGroup(s)).product_group_id];
      const a = await makeRule({ product_group_id: g1, name: "A" }, s);
      const b = await makeRule({ product_group_id: g2, name: "B", enforcement_action: "SUSPEND" }, s);
      const c = await makeRule({ product_group_id: g1, name: "C" }, s);
      await makeRule({ product_group_id: (await makeGroup(other)).product_group_id }, other);
      const all = await ok(s, format, "DunningRule/List");
      expect([all.count, all.total]).toEqual(["3", "3"]);
      expect(listed(format, all, "dunning_rules").map((r) => r.rule_id)).toEqual([a.rule_id, b.rule_id, c.rule_id]);
      expect(listed(format, all, "dunning_rules")[1]).toMatchObject({ name: "B", enforcement_action: "SUSPEND", overdue_amount: "25.00", overdue_days: "7" });
      const narrowed = await ok(s, format, "DunningRule/List", { params: { product_group_id: g1 } });
      expect(listed(format, narrowed, "dunning_rules").map((r) => r.name)).toEqual(["A", "C"]);
    });
  }

  it("lists nothing for another brand's group or an id that is not one", async () => {
    const theirs = (await makeGroup(other)).product_group_id;
    await makeRule({ product_group_id: theirs }, other);
    for (const product_group_id of [theirs, "nope"]) {
      const body = await ok(t, "json", "DunningRule/List", { params: { product_group_id } });
      expect([body.count, body.total]).toEqual(["0", "0"]);
    }
  });
});

describe("DunningRule/Update", () => {
  for (const format of FORMATS) {
    it(`${format}: replaces every field, may move the rule to another group, and stamps updated`, async () => {
      const rule = await makeRule({ enforcement_action: "POST", post_url: "https://example.com/a" });
      const moved = (await makeGroup(t)).product_group_id;
      clock.advance({ minutes: 1 });
      const r = await update(format, rule.rule_id, {
        product_group_id: moved,
        name: "Cancel after a month",
        description: "Cancel subscriptions a month overdue",
        overdue_days: "30",
        overdue_amount: "0.5",
        enforcement_action: "DELETE",
      });
      expect(r.status, r.text).toBe(200);
      expect(ruleOf(r)).toMatchObject({
        rule_id: rule.rule_id,
        product_group_id: moved,
        name: "Cancel after a month",
        description: "Cancel subscriptions a month overdue",
        overdue_days: "30",
        overdue_amount: "0.50",
        enforcement_action: "DELETE",
        post_url: "https://example.com/a",
        created: rule.created,
      });
      expect(ruleOf(r).updated).not.toBe(rule.updated);
      expect((await ruleNow(rule.rule_id)).overdue_days).toBe("30");
    });
  }

  it("post_url: absent keeps it, empty clears it, a new one replaces it", async () => {
    const rule = await makeRule({ post_url: "https://example.com/kept" });
    expect(ruleOf(await update("json", rule.rule_id)).post_url).toBe("https://example.com/kept");
    expect(ruleOf(await update("xml", rule.rule_id, { post_url: "https://example.com/new" })).post_url).toBe("https://example.com/new");
    expect(ruleOf(await update("json", rule.rule_id, { post_url: "" })).post_url).toBe("");
    expect((await ruleNow(rule.rule_id)).post_url).toBe("");
  });

  it("a rule turned into POST needs a post_url, sent or already stored", async () => {
    const bare = await makeRule();
    for (const format of FORMATS) {
      expectError(await update(format, bare.rule_id, { enforcement_action: "POST" }), 400, "MISSING_PARAMETER", "post_url");
    }
    expect(await ruleNow(bare.rule_id)).toEqual(bare);
    const withUrl = await makeRule({ post_url: "https://example.com/stored" });
    expect(ruleOf(await update("json", withUrl.rule_id, { enforcement_action: "POST" }))).toMatchObject({
      enforcement_action: "POST",
      post_url: "https://example.com/stored",
    });
    // Clearing post_url of a POST rule leaves it without an address: refused.
    const before = await ruleNow(withUrl.rule_id);
    expectError(await update("xml", withUrl.rule_id, { enforcement_action: "POST", post_url: "" }), 400, "MISSING_PARAMETER", "post_url");
    expect(await ruleNow(withUrl.rule_id)).toEqual(before);
  });

  it("needs every required field again and refuses bad values, changing nothing", async () => {
    const rule = await makeRule();
    for (const format of FORMATS) {
      for (const param of ["rule_id", "product_group_id", ...Object.keys(RULE_PARAMS)]) {
        const params: Record<string, string> = { rule_id: rule.rule_id, product_group_id: group, ...RULE_PARAMS };
        delete params[param];
        expectError(await attempt(t, format, "DunningRule/Update", "PATCH", params), 400, "MISSING_PARAMETER", param);
      }
      expectError(await update(format, rule.rule_id, { description: "d".repeat(14) }), 400, "INVALID_PARAMETER", "description");
      expectError(await update(format, rule.rule_id, { overdue_days: "0" }), 400, "INVALID_PARAMETER", "overdue_days");
      expectError(await update(format, rule.rule_id, { enforcement_action: "WARN" }), 400, "INVALID_PARAMETER", "enforcement_action");
    }
    expect(ruleOf(await update("json", rule.rule_id, { description: "d".repeat(15) })).description).toBe("d".repeat(15));
    const gone = (await makeGroup(t)).product_group_id;
    await ok(t, "json", "ProductGroup/Delete", { method: "DELETE", params: { product_group_id: gone } });
    const before = await ruleNow(rule.rule_id);
    expectError(await update("json", rule.rule_id, { product_group_id: gone }), 409, "INVALID_STATE", "product_group_id");
    expect(await ruleNow(rule.rule_id)).toEqual(before);
  });

  it("another brand's rule or group is 404, and nothing changes on either side", async () => {
    const mine = await makeRule();
    const theirGroup = (await makeGroup(other)).product_group_id;
    const theirs = await makeRule({ product_group_id: theirGroup }, other);
    expectError(await update("json", theirs.rule_id, { name: "Hijacked" }), 404, "NOT_FOUND", "rule_id");
    expectError(await update("xml", theirs.rule_id, { product_group_id: theirGroup, name: "Hijacked" }), 404, "NOT_FOUND", "rule_id");
    expectError(await update("json", mine.rule_id, { product_group_id: theirGroup, name: "Moved away" }), 404, "NOT_FOUND", "product_group_id");
    expectError(await update("json", "not-a-uuid"), 404, "NOT_FOUND", "rule_id");
    expect(await ruleNow(theirs.rule_id, other)).toEqual(theirs);
    expect(await ruleNow(mine.rule_id)).toEqual(mine);
  });
});

describe("DunningRule/Delete", () => {
  for (const format of FORMATS) {
    it(`${format}: deletes for good, answering the rule as it was; a second delete is 404`, async () => {
      const rule = await makeRule({ name: `Doomed ${format}` });
      const r = await attempt(t, format, "DunningRule/Delete", "DELETE", { rule_id: rule.rule_id });
      expect(r.status, r.text).toBe(200);
      expect(ruleOf(r)).toMatchObject({ rule_id: rule.rule_id, name: `Doomed ${format}`, overdue_amount: "25.00" });
      expect(await ruleNow(rule.rule_id)).toBeUndefined();
      expectError(await attempt(t, format, "DunningRule/Delete", "DELETE", { rule_id: rule.rule_id }), 404, "NOT_FOUND", "rule_id");
    });
  }

  it("another brand's rule is 404 and stays", async () => {
    const theirs = await makeRule({ product_group_id: (await makeGroup(other)).product_group_id }, other);
    expectError(await attempt(t, "json", "DunningRule/Delete", "DELETE", { rule_id: theirs.rule_id }), 404, "NOT_FOUND", "rule_id");
    expectError(await attempt(t, "xml", "DunningRule/Delete", "DELETE", { rule_id: "" }), 400, "MISSING_PARAMETER", "rule_id");
    expect(await ruleNow(theirs.rule_id, other)).toEqual(theirs);
  });
});
