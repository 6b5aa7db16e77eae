/**
 * What the dashboard's one form builder sends (components/forms/form-input.ts): a create form the
 * filled-in values; an edit form what changed (an emptied field clears it), what the endpoint's
 * schema requires every time, what cannot change and `always`, never a notOnUpdate field; the
 * fixed ids and the widgets' extra parameters with either. And how a message reads on its field.
 */
import { describe, expect, it } from "vitest";
import { fieldMessage, inputFor, type Field } from "../components/forms/form-input";
import { UpdateProductParams } from "../lib/catalog/schemas";

const fields: Field[] = [
  { name: "name", label: "Name", required: true },
  { name: "description", label: "Description" },
  { name: "custom_field_1", label: "Custom field 1" },
  { name: "code", label: "Code", fixedOnEdit: true },
  { name: "product_group_id", label: "Group", notOnUpdate: true },
];
const initial = { name: "Gold", description: "Shiny", custom_field_1: "x", code: "G1", product_group_id: "g" };

describe("inputFor", () => {
  it("create: the non-empty values, with fixed and extra parameters", () => {
    const values = { name: "Gold", description: "", custom_field_1: "", code: "G1", product_group_id: "g" };
    expect(inputFor({ fields, values, initial: {}, editing: false, fixed: { brand: "b" }, extra: { attached_items: "[]" } })).toEqual({
      name: "Gold",
      code: "G1",
      product_group_id: "g",
      brand: "b",
      attached_items: "[]",
    });
  });

  it("edit: what changed (emptied: sent empty, to clear), what cannot change, always; never a notOnUpdate field", () => {
    const values = { ...initial, description: "Shinier", custom_field_1: "", product_group_id: "other" };
    expect(inputFor({ fields, values, initial, editing: true, always: ["name"], fixed: { product_id: "p" } })).toEqual({
      name: "Gold",
      description: "Shinier",
      custom_field_1: "",
      code: "G1",
      product_id: "p",
    });
  });

  it("edit: the parameters the Update schema requires go every time, changed or not", () => {
    const product: Field[] = [
      { name: "name", label: "Name" },
      { name: "custom_field_1", label: "Custom field 1" },
    ];
    const before = { name: "Gold", custom_field_1: "x" };
    const required = Object.entries(UpdateProductParams.shape)
      .filter(([, s]) => !(s as { safeParse: (v: unknown) => { success: boolean } }).safeParse(undefined).success)
      .map(([k]) => k);
    expect(required).toContain("name");
    expect(inputFor({ fields: product, values: before, initial: before, editing: true, schema: UpdateProductParams })).toEqual({ name: "Gold" });
    expect(inputFor({ fields: product, values: before, initial: before, editing: true })).toEqual({});
  });
});

describe("fieldMessage", () => {
  it("drops the parameter's name the server puts first, and starts with a capital", () => {
    expect(fieldMessage("amount must be an amount with at most two decimals, like 25.00")).toBe("Must be an amount with at most two decimals, like 25.00");
    expect(fieldMessage("VAR1 is not valid JSON")).toBe("Is not valid JSON");
    expect(fieldMessage("must be Y or N")).toBe("Must be Y or N");
    expect(fieldMessage("Customer account not found")).toBe("Customer account not found");
  });
});
