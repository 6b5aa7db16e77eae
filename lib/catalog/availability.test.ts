import { describe, expect, it } from "vitest";
import { STATUS } from "../lifecycle";
import { isComponentAttachable, isComponentBillable, isGroupBillable, isGroupSellable, isProductBillable, isProductSellable } from "./availability";
import { GroupVariableSchema, variableAccepts } from "./variables";

const [active, suspended, deleted] = [{ status: STATUS.ACTIVE }, { status: STATUS.SUSPENDED }, { status: STATUS.DELETED }];

describe("what catalog states mean for subscriptions", () => {
  it("a group sells and bills only while active", () => {
    expect([active, suspended, deleted].map(isGroupSellable)).toEqual([true, false, false]);
    expect([active, suspended, deleted].map(isGroupBillable)).toEqual([true, false, false]);
  });

  it("a suspended product bills but does not sell; a deleted one does neither; the group must be active for both", () => {
    expect([active, suspended, deleted].map((p) => isProductSellable(p, active))).toEqual([true, false, false]);
    expect([active, suspended, deleted].map((p) => isProductBillable(p, active))).toEqual([true, true, false]);
    expect(isProductSellable(active, suspended)).toBe(false);
    expect(isProductBillable(active, suspended)).toBe(false);
    expect(isProductBillable(active, deleted)).toBe(false);
  });

  it("a suspended component keeps billing but cannot be added; a deleted one is unavailable", () => {
    expect([active, suspended, deleted].map(isComponentAttachable)).toEqual([true, false, false]);
    expect([active, suspended, deleted].map(isComponentBillable)).toEqual([true, true, false]);
  });
});

describe("group variables", () => {
  it("an Options variable accepts only its options; other types accept any value", () => {
    const size = GroupVariableSchema.parse({ name: "Size", type: "Options", options: ["S", "M"] });
    expect([variableAccepts(size, "S"), variableAccepts(size, "XL")]).toEqual([true, false]);
    expect(variableAccepts(GroupVariableSchema.parse({ name: "Note", type: "TEXT" }), "anything")).toBe(true);
  });

  it("refuses repeated options", () => {
    expect(GroupVariableSchema.safeParse({ name: "Size", type: "Options", options: ["S", "S"] }).success).toBe(false);
  });
});
