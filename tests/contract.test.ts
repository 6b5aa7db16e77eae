/**
 * Generated from the endpoint table: every endpoint, in json and xml, gets the same checks, so an
 * endpoint added later is covered without writing anything. 401 without credentials, 405 with
 * another method (with Allow), 400 naming the missing parameter on empty input, and 404 (or an
 * empty list) for another brand's ids.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { endpoints } from "../lib/api/endpoints";
import { PARAM_META } from "../lib/wire/params";
import { call, makeTenant, type Tenant } from "./support/api";
import { fixtures } from "./support/fixtures";

const METHODS = ["GET", "POST", "PATCH", "DELETE"];

const paramsOf = (e: (typeof endpoints)[number]) =>
  Object.entries(e.params.shape).map(([name, schema]) => ({ name, meta: PARAM_META.get(schema as z.ZodType) }));

const errorCode = (format: string, body: any) => (format === "json" ? body.exception.code : body.exception["@_code"]);
const errorParam = (format: string, body: any) => (format === "json" ? body.exception.parameter : body.exception["@_parameter"]);

let mine: Tenant;
let theirs: Tenant;
beforeAll(async () => {
  [mine, theirs] = await Promise.all([makeTenant(), makeTenant()]);
});

for (const e of endpoints) {
  const path = `${e.resource}/${e.action}`;
  describe(`${e.method} ${path}`, () => {
    it("documents every parameter, with an example for each required one", () => {
      for (const p of paramsOf(e)) {
        expect(p.meta?.description, `${path} ${p.name}`).toBeTruthy();
        if (p.meta?.required && !p.meta.refersTo) expect(p.meta.example, `${path} ${p.name} needs an example`).toBeTruthy();
      }
    });

    for (const format of ["json", "xml"]) {
      it(`${format}: 401 without credentials`, async () => {
        const r = await call(format, path, { method: e.method });
        expect(r.status).toBe(401);
        expect(errorCode(format, r.body)).toBe("UNAUTHENTICATED");
      });

      it(`${format}: 405 with another method, naming the right one in Allow`, async () => {
        const other = METHODS.find((m) => m !== e.method)!;
        const r = await call(format, path, { method: other, creds: mine });
        expect(r.status).toBe(405);
        expect(r.headers.get("allow")).toBe(e.method);
        expect(errorCode(format, r.body)).toBe("METHOD_NOT_ALLOWED");
      });

      const required = paramsOf(e).filter((p) => p.meta?.required);
      if (required.length) {
        it(`${format}: 400 naming the missing parameter on empty input`, async () => {
          const r = await call(format, path, { method: e.method, creds: mine });
          expect(r.status).toBe(400);
          expect(errorCode(format, r.body)).toBe("MISSING_PARAMETER");
          expect(required.map((p) => p.name)).toContain(errorParam(format, r.body));
        });
      }

      for (const p of paramsOf(e).filter((x) => x.meta?.refersTo)) {
        const resource = p.meta!.refersTo!;
        it(`${format}: another brand's ${resource} as ${p.name} is ${e.list ? "not listed" : "404"}`, async () => {
          const make = fixtures[resource];
          expect(make, `tests/support/fixtures.ts needs a fixture for ${resource}`).toBeTypeOf("function");
          const foreignId = await make(theirs);
          const params: Record<string, string> = {};
          for (const q of required) if (q.meta?.example) params[q.name] = q.meta.example;
          for (const q of paramsOf(e).filter((x) => x.meta?.refersTo && x.meta.required)) {
            params[q.name] = await fixtures[q.meta!.refersTo!](mine);
          }
          params[p.name] = foreignId;
          const r = await call(format, path, { method: e.method, creds: mine, params });
          if (e.list) {
            expect(r.status).toBe(200);
            expect(r.body.count).toBe("0");
          } else {
            expect(r.status).toBe(404);
            expect(errorCode(format, r.body)).toBe("NOT_FOUND");
          }
        });
      }
    }
  });
}
