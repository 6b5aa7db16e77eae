/**
 * Generated from the dashboard's action table (lib/dashboard/actions.ts): every staff action gets
 * the same checks, so an action added later is covered without writing anything. Signed out:
 * UNAUTHENTICATED; another service account's brand as the selector: NOT_FOUND; another brand's id
 * in any id parameter: NOT_FOUND; empty input: the missing parameter named. Each refusal changes
 * nothing (a checksum of every table before and after).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { getDb, resultRows } from "../db/client";
import { staffUsers } from "../db/schema";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { staffActions } from "../lib/dashboard/actions";
import { portalActions } from "../lib/portal/actions";
import { hashSecret, newId, newSecret } from "../lib/ids";
import { PARAM_META } from "../lib/wire/params";
import { makeTenant, type Tenant } from "./support/api";
import { fixtures } from "./support/fixtures";

const paramsOf = (schema: z.ZodObject) => Object.entries(schema.shape).map(([name, field]) => ({ name, meta: PARAM_META.get(field as z.ZodType) }));

/** One hash over every row of every table: equal before and after means nothing changed. */
async function checksum() {
  const db = await getDb();
  const tables = resultRows<{ table_name: string }>(
    await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
  ).map((r) => r.table_name);
  const query = tables.map((t) => `select '${t}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${t}" x`).join(" union all ");
  return resultRows<{ t: string; h: string }>(await db.execute(sql.raw(query)));
}

let mine: Tenant;
let theirs: Tenant;
let mineUser: { staffUserId: string };
beforeAll(async () => {
  [mine, theirs] = await Promise.all([makeTenant(), makeTenant()]);
  const id = newId();
  await (await getDb()).insert(staffUsers).values({
    id,
    serviceAccountId: mine.serviceAccountId,
    email: `user-${id}@example.com`,
    name: "USER level",
    accessLevel: "USER",
    userKeyHash: hashSecret(newSecret("rbu")),
    userKeyPrefix: "rbu_xxxx",
  });
  mineUser = { staffUserId: id };
});

const session = () => ({ staffUserId: mine.staffUserId });

for (const [name, action] of Object.entries(staffActions)) {
  describe(`staff action ${name}`, () => {
    const params = paramsOf(action.schema);
    const required = params.filter((p) => p.meta?.required);

    /** Valid-looking input in my brand: the examples, and my own records for required ids. */
    async function input() {
      const out: Record<string, string> = {};
      for (const p of required) if (p.meta?.example) out[p.name] = p.meta.example;
      for (const p of required.filter((x) => x.meta?.refersTo)) out[p.name] = await fixtures[p.meta!.refersTo!](mine);
      return out;
    }

    it("signed out: UNAUTHENTICATED, nothing changed", async () => {
      const raw = await input();
      const before = await checksum();
      const r = await action.run(null, mine.brand_id, raw);
      expect(r).toMatchObject({ ok: false, error: { code: "UNAUTHENTICATED" } });
      expect(await checksum()).toEqual(before);
    });

    it("another service account's brand as the selector: NOT_FOUND, nothing changed", async () => {
      const raw = await input();
      const before = await checksum();
      const r = await action.run(session(), theirs.brand_id, raw);
      expect(r).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
      expect(await checksum()).toEqual(before);
    });

    if (required.length) {
      it("empty input: names a missing parameter, nothing changed", async () => {
        const before = await checksum();
        const r = await action.run(session(), mine.brand_id, {});
        expect(r.ok).toBe(false);
        if (!r.ok) {
          expect(r.error.code).toBe("MISSING_PARAMETER");
          expect(required.map((p) => p.name)).toContain(r.error.parameter);
        }
        expect(await checksum()).toEqual(before);
      });
    }

    for (const p of params.filter((x) => x.meta?.refersTo)) {
      it(`another brand's ${p.meta!.refersTo} as ${p.name}: NOT_FOUND, nothing changed`, async () => {
        const make = fixtures[p.meta!.refersTo!];
        expect(make, `tests/support/fixtures.ts needs a fixture for ${p.meta!.refersTo}`).toBeTypeOf("function");
        const raw = { ...(await input()), [p.name]: await make(theirs) };
        const before = await checksum();
        const r = await action.run(session(), mine.brand_id, raw);
        expect(r).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
        expect(await checksum()).toEqual(before);
      });
    }
  });
}

describe("staff actions by access level", () => {
  it("a USER-level staff user is refused an ADMIN action (FORBIDDEN), nothing changed; an ADMIN is not", async () => {
    const before = await checksum();
    const r = await staffActions.brandUpdate.run(mineUser, mine.brand_id, { update_brand_id: mine.brand_id, name: "Renamed by a USER" });
    expect(r).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
    expect(await checksum()).toEqual(before);
    const ok = await staffActions.brandUpdate.run(session(), mine.brand_id, { update_brand_id: mine.brand_id, name: "Renamed by an ADMIN" });
    expect(ok).toMatchObject({ ok: true, data: { name: "Renamed by an ADMIN" } });
  });

  it("a field error names its parameter, as the API does", async () => {
    const r = await staffActions.accountCreate.run(session(), mine.brand_id, {
      first_name: "Jane",
      last_name: "Doe",
      email_address: "not-an-email",
      country: "US",
      locale: "en-US",
      timezone_id: "America/New_York",
    });
    expect(r).toMatchObject({ ok: false, error: { code: "INVALID_PARAMETER", parameter: "email_address" } });
  });
});

/**
 * The walks above and tests/portal-action-contract.test.ts cover the action tables; this holds app/
 * to them. Every export of a "use server" file is one table action, or listed here with why it takes
 * no record id of a brand; a server action declared inline (outside a "use server" file) is refused.
 */
const NOT_TABLE_ACTIONS: Record<string, string> = {
  "app/(auth)/actions.ts forgotPassword": "before sign-in: emails a reset link, the same answer whoever asks",
  "app/(auth)/actions.ts choosePassword": "before sign-in: the emailed link's token is the only credential",
  "app/(portal)/portal/login/actions.ts signIn": "before sign-in: the brand comes from the link, the account from the password",
  "app/(portal)/portal/login/actions.ts verify": "before sign-in: the pending sign-in is in a signed cookie",
  "app/(portal)/portal/login/actions.ts resend": "before sign-in: the pending sign-in is in a signed cookie",
  "app/(portal)/portal/login/actions.ts forgotPassword": "before sign-in: the same answer whoever asks",
  "app/(portal)/portal/login/actions.ts startProvider": "before sign-in: starts a provider's sign-in for the link's brand",
  "app/(dashboard)/dashboard/[brandId]/search/actions.ts quickSearch": "a read, no id: the brand is checked by dashboardContext as on every page",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe("every server action in app/", () => {
  it("is a table action walked by a contract test, or listed with why it takes no brand's record id", () => {
    const root = path.resolve(__dirname, "..");
    const directive = /^\s*["']use server["'];?\s*$/m;
    const found: string[] = [];
    const problems: string[] = [];
    for (const file of [...sourceFiles(path.join(root, "app")), ...sourceFiles(path.join(root, "components"))]) {
      const name = path.relative(root, file).split(path.sep).join("/");
      const text = readFileSync(file, "utf8");
      if (!directive.test(text)) continue;
      if (!/^(\s*(\/\/[^\n]*|\/\*[\s\S]*?\*\/)\s*)*["']use server["']/.test(text)) {
        problems.push(`${name}: a server action declared inline; put it in a "use server" file of table actions`);
        continue;
      }
      // Each top-level export up to the next one.
      for (const part of text.split(/\n(?=export\s)/).filter((p) => p.startsWith("export"))) {
        if (/^export\s+(type|interface)\s/.test(part)) continue;
        const exported = /^export\s+(?:const|let|async\s+function|function)\s+(\w+)/.exec(part)?.[1];
        if (!exported) {
          problems.push(`${name}: an export this test cannot read: ${part.split("\n")[0]}`);
          continue;
        }
        const key = `${name} ${exported}`;
        found.push(key);
        const staff = /staffActions\.(\w+)/.exec(part)?.[1];
        const portal = /portalActions\.(\w+)/.exec(part)?.[1];
        if (staff) {
          if (!(staff in staffActions)) problems.push(`${key}: staffActions has no ${staff}`);
        } else if (portal) {
          if (!(portal in portalActions)) problems.push(`${key}: portalActions has no ${portal}`);
        } else if (!NOT_TABLE_ACTIONS[key]) {
          problems.push(`${key}: not a table action (lib/dashboard/actions, lib/portal/actions), so no contract test walks it`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(Object.keys(NOT_TABLE_ACTIONS).filter((k) => !found.includes(k))).toEqual([]);
    expect(found.length).toBeGreaterThan(100);
  });
});
