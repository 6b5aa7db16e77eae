import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { wireJson, wireValue } from "../lib/api/serialize";

/** Values a handler can return: strings of any Unicode (lone surrogates too), numbers, flags, dates, nulls, nesting. */
const leaf = fc.oneof(
  fc.string({ unit: "binary" }),
  fc.string({ unit: fc.constantFrom('"', "\\", "\n", "\u0000", "\u2028", "\ud800", "\udc00", "😀", "a", "é") }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.date({ min: new Date(Date.UTC(0, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true }),
);
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: "small" }, leaf, fc.array(tie("node")), fc.dictionary(fc.string({ unit: "binary" }), tie("node"))),
})).node;

describe("wireJson", () => {
  it("writes exactly what JSON.stringify writes of the wire copy", () => {
    fc.assert(
      fc.property(value, (v) => {
        expect(wireJson(v)).toBe(JSON.stringify(wireValue(v)));
      }),
      { numRuns: 2000 },
    );
  });

  it("turns values into the wire's strings", () => {
    const at = new Date("2026-11-22T15:04:05.678Z");
    expect(JSON.parse(wireJson({ n: 30, nil: null, flag: true, at, list: [1, 'x"y'] }))).toEqual({
      n: "30",
      nil: "",
      flag: "Y",
      at: "2026-11-22T15:04:05Z",
      list: ["1", 'x"y'],
    });
  });
});

describe("render", () => {
  it("keeps a key named __proto__ as a plain key in json and xml", async () => {
    const { render } = await import("../lib/api/serialize");
    const envelope = JSON.parse('{"status":"success","item":{"__proto__":"x","name":"n"}}');
    expect(JSON.parse(render("json", envelope)).item).toEqual(JSON.parse('{"__proto__":"x","name":"n"}'));
    expect(render("xml", envelope)).toContain("<item><__proto__>x</__proto__><name>n</name></item>");
  });
});
