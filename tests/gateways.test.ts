import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { payGateways } from "../db/schema";
import { call, makeTenant, ok, type Tenant } from "./support/api";
import { credentialContext, openCredential, sealCredential } from "../lib/gateways/credentials";
import { PROVIDERS } from "../lib/gateways/providers";
import { expectRefusal, FORMATS, makeAccount, makeGateway } from "./support/payments";

let t: Tenant;
beforeAll(async () => {
  t = await makeTenant();
});

const gatewayRow = async (id: string) => (await (await getDb()).select().from(payGateways).where(eq(payGateways.id, id)))[0];
const defaults = async (tenant: Tenant) => {
  const list = (await ok(tenant, "json", "PayGateway/List")).pay_gateways as any[];
  return { cc: list.filter((g) => g.default_cc === "Y").map((g) => g.gateway_id), ba: list.filter((g) => g.default_ba === "Y").map((g) => g.gateway_id) };
};

describe("PayGateway/Create", () => {
  for (const format of FORMATS) {
    it(`${format}: creates a gateway whose credentials are shown only masked`, async () => {
      const r = await call(format, "PayGateway/Create", {
        method: "POST",
        creds: t,
        params: { name: "Cards", gateway_provider: "sandbox", credentials_1: "sandbox-secret-abcd1234", credentials_2: "second-secret-wxyz9876" },
      });
      expect(r.status, r.text).toBe(200);
      const g = r.body.pay_gateway;
      expect(g).toMatchObject({
        name: "Cards",
        gateway_provider: "sandbox",
        credentials_1: "****1234",
        credentials_2: "****9876",
        default_cc: "N",
        default_ba: "N",
      });
      expect(r.text).not.toContain("sandbox-secret-abcd1234");
      expect(r.text).not.toContain("second-secret");
    });
  }

  it("stores credentials encrypted (AES-256-GCM), bound to the gateway and field", async () => {
    const id = await makeGateway(t, { credentials_1: "sandbox-secret-plain-0042", default_cc: "N", default_ba: "N" });
    const row = await gatewayRow(id);
    expect(row.credentials1).toMatch(/^v1:/);
    expect(row.credentials1).not.toContain("plain");
    expect(openCredential(row.credentials1, credentialContext(row, "credentials_1"))).toBe("sandbox-secret-plain-0042");
    // The same ciphertext read as another gateway's (or another field's) does not decrypt.
    expect(() => openCredential(row.credentials1, credentialContext({ ...row, id: "other" }, "credentials_1"))).toThrow();
    expect(() => openCredential(row.credentials1, credentialContext(row, "credentials_2"))).toThrow();
  });

  it("refuses credentials that do not fit the provider, naming the parameter", async () => {
    const short = await call("json", "PayGateway/Create", {
      method: "POST",
      creds: t,
      params: { name: "x", gateway_provider: "sandbox", credentials_1: "short" },
    });
    expectRefusal(short, 400, "INVALID_PARAMETER", "credentials_1");
    const stripe = await call("json", "PayGateway/Create", {
      method: "POST",
      creds: t,
      params: { name: "x", gateway_provider: "stripe", credentials_1: "not-a-stripe-key" },
    });
    expectRefusal(stripe, 400, "INVALID_PARAMETER", "credentials_1");
    const unknown = await call("xml", "PayGateway/Create", {
      method: "POST",
      creds: t,
      params: { name: "x", gateway_provider: "paypal", credentials_1: "whatever-long" },
    });
    expectRefusal(unknown, 400, "INVALID_PARAMETER", "gateway_provider");
  });

  it("refuses default_ba Y for a provider that takes no bank accounts", async () => {
    const r = await call("json", "PayGateway/Create", {
      method: "POST",
      creds: t,
      params: { name: "Stripe", gateway_provider: "stripe", credentials_1: "sk_test_abcdefghijkl", default_ba: "Y" },
    });
    expectRefusal(r, 400, "INVALID_PARAMETER", "default_ba");
  });

  it("default_cc Y replaces the brand's default; there is never more than one", async () => {
    const tenant = await makeTenant();
    const first = await makeGateway(tenant);
    expect(await defaults(tenant)).toEqual({ cc: [first], ba: [first] });
    const second = await makeGateway(tenant, { default_ba: "N" });
    expect(await defaults(tenant)).toEqual({ cc: [second], ba: [first] });
  });
});

describe("PayGateway/List", () => {
  for (const format of FORMATS) {
    it(`${format}: lists gateways, and the providers with their credentials when gateway_id is empty`, async () => {
      const tenant = await makeTenant();
      const id = await makeGateway(tenant);
      const all = await call(format, "PayGateway/List", { creds: tenant });
      expect(all.status, all.text).toBe(200);
      if (format === "json") {
        expect(all.body.count).toBe("1");
        expect(all.body.pay_gateways[0].gateway_id).toBe(id);
        expect(all.body.providers.map((p: any) => p.gateway_provider)).toEqual(PROVIDERS.map((p) => p.id));
        expect(all.body.providers[1]).toMatchObject({ gateway_provider: "stripe", pay_method_types: "CC" });
        expect(all.body.providers[1].credentials_1).toMatch(/secret key/i);
      } else {
        expect(all.body.pay_gateways.pay_gateway.gateway_id).toBe(id);
        expect(all.body.providers.provider.map((p: any) => p.gateway_provider)).toEqual(["sandbox", "stripe"]);
      }
      const one = await call(format, "PayGateway/List", { creds: tenant, params: { gateway_id: id } });
      expect(one.status).toBe(200);
      expect(one.body.providers).toBeUndefined();
      expect(one.body.count).toBe("1");
    });
  }

  it("filters by provider and leaves deleted gateways out; an unknown gateway_id is 404", async () => {
    const tenant = await makeTenant();
    const kept = await makeGateway(tenant);
    const gone = await makeGateway(tenant, { default_cc: "N", default_ba: "N" });
    await ok(tenant, "json", "PayGateway/Delete", { method: "DELETE", params: { gateway_id: gone } });
    const list = await ok(tenant, "json", "PayGateway/List", { params: { gateway_provider: "sandbox" } });
    expect(list.pay_gateways.map((g: any) => g.gateway_id)).toEqual([kept]);
    expect((await ok(tenant, "json", "PayGateway/List", { params: { gateway_provider: "stripe" } })).count).toBe("0");
    expectRefusal(await call("json", "PayGateway/List", { creds: tenant, params: { gateway_id: gone } }), 404, "NOT_FOUND", "gateway_id");
  });
});

describe("PayGateway/Update", () => {
  it("sets name and credentials; credentials_2 absent is kept and empty is cleared", async () => {
    const id = await makeGateway(t, { credentials_2: "second-secret-0000", default_cc: "N", default_ba: "N" });
    const kept = await ok(t, "xml", "PayGateway/Update", {
      method: "PATCH",
      params: { gateway_id: id, name: "Renamed", credentials_1: "new-secret-value-5678" },
    });
    expect(kept.pay_gateway).toMatchObject({ name: "Renamed", credentials_1: "****5678", credentials_2: "****0000" });
    const row = await gatewayRow(id);
    expect(openCredential(row.credentials1, credentialContext(row, "credentials_1"))).toBe("new-secret-value-5678");
    const cleared = await ok(t, "json", "PayGateway/Update", {
      method: "PATCH",
      params: { gateway_id: id, name: "Renamed", credentials_1: "new-secret-value-5678", credentials_2: "" },
    });
    expect(cleared.pay_gateway.credentials_2).toBe("");
    expect((await gatewayRow(id)).credentials2).toBeNull();
  });

  for (const format of FORMATS) {
    it(`${format}: a default cannot be unset (409 INVALID_STATE), only replaced`, async () => {
      const tenant = await makeTenant();
      const current = await makeGateway(tenant);
      const params = { gateway_id: current, name: "Main", credentials_1: "sandbox-secret-key-0001" };
      expectRefusal(
        await call(format, "PayGateway/Update", { method: "PATCH", creds: tenant, params: { ...params, default_cc: "N" } }),
        409,
        "INVALID_STATE",
        "default_cc",
      );
      expectRefusal(
        await call(format, "PayGateway/Update", { method: "PATCH", creds: tenant, params: { ...params, default_ba: "N" } }),
        409,
        "INVALID_STATE",
        "default_ba",
      );
      expect(await defaults(tenant)).toEqual({ cc: [current], ba: [current] });
      // Replacing it works: another gateway takes the role.
      const other = await makeGateway(tenant, { default_cc: "N", default_ba: "N" });
      await ok(tenant, format, "PayGateway/Update", {
        method: "PATCH",
        params: { gateway_id: other, name: "Other", credentials_1: "sandbox-secret-key-0002", default_cc: "Y" },
      });
      expect(await defaults(tenant)).toEqual({ cc: [other], ba: [current] });
      // N on a gateway that is not the default changes nothing.
      await ok(tenant, format, "PayGateway/Update", { method: "PATCH", params: { ...params, default_cc: "N" } });
    });
  }

  it("is 404 for a deleted gateway, and validates credentials against the provider", async () => {
    const id = await makeGateway(t, { default_cc: "N", default_ba: "N" });
    const bad = await call("json", "PayGateway/Update", { method: "PATCH", creds: t, params: { gateway_id: id, name: "x", credentials_1: "short" } });
    expectRefusal(bad, 400, "INVALID_PARAMETER", "credentials_1");
    await ok(t, "json", "PayGateway/Delete", { method: "DELETE", params: { gateway_id: id } });
    const gone = await call("json", "PayGateway/Update", {
      method: "PATCH",
      creds: t,
      params: { gateway_id: id, name: "x", credentials_1: "sandbox-secret-key" },
    });
    expectRefusal(gone, 404, "NOT_FOUND", "gateway_id");
  });
});

describe("PayGateway/SetDefault", () => {
  for (const format of FORMATS) {
    it(`${format}: moves the default; with neither flag, for every type the provider takes`, async () => {
      const tenant = await makeTenant();
      const a = await makeGateway(tenant);
      const b = await makeGateway(tenant, { default_cc: "N", default_ba: "N" });
      const r = await ok(tenant, format, "PayGateway/SetDefault", { method: "PATCH", params: { gateway_id: b, default_ba: "Y" } });
      expect(r.pay_gateway).toMatchObject({ gateway_id: b, default_ba: "Y", default_cc: "N" });
      expect(await defaults(tenant)).toEqual({ cc: [a], ba: [b] });
      await ok(tenant, format, "PayGateway/SetDefault", { method: "PATCH", params: { gateway_id: b } });
      expect(await defaults(tenant)).toEqual({ cc: [b], ba: [b] });
      const unset = await call(format, "PayGateway/SetDefault", { method: "PATCH", creds: tenant, params: { gateway_id: b, default_cc: "N" } });
      expectRefusal(unset, 409, "INVALID_STATE", "default_cc");
    });
  }

  it("a Stripe gateway becomes the default for cards only", async () => {
    const tenant = await makeTenant();
    const sandbox = await makeGateway(tenant);
    const stripe = await ok(tenant, "json", "PayGateway/Create", {
      method: "POST",
      params: { name: "Stripe", gateway_provider: "stripe", credentials_1: "sk_test_abcdefghijkl" },
    });
    await ok(tenant, "json", "PayGateway/SetDefault", { method: "PATCH", params: { gateway_id: stripe.pay_gateway.gateway_id } });
    expect(await defaults(tenant)).toEqual({ cc: [stripe.pay_gateway.gateway_id], ba: [sandbox] });
    const ba = await call("json", "PayGateway/SetDefault", {
      method: "PATCH",
      creds: tenant,
      params: { gateway_id: stripe.pay_gateway.gateway_id, default_ba: "Y" },
    });
    expectRefusal(ba, 400, "INVALID_PARAMETER", "default_ba");
  });
});

describe("PayGateway/Delete", () => {
  for (const format of FORMATS) {
    it(`${format}: deleting the default leaves the brand without one`, async () => {
      const tenant = await makeTenant();
      const id = await makeGateway(tenant);
      const r = await ok(tenant, format, "PayGateway/Delete", { method: "DELETE", params: { gateway_id: id } });
      expect(r.pay_gateway.deleted).not.toBe("");
      expect(await defaults(tenant)).toEqual({ cc: [], ba: [] });
      const account = await makeAccount(tenant);
      const card = await call(format, "PayMethod/Create", {
        method: "POST",
        creds: tenant,
        params: { customer_account_id: account, pay_method_type: "CC", card_number: "4242424242424242", expiration_month: "1", expiration_year: "2040" },
      });
      expectRefusal(card, 409, "INVALID_STATE", "gateway_id");
      expectRefusal(await call(format, "PayGateway/Delete", { method: "DELETE", creds: tenant, params: { gateway_id: id } }), 404, "NOT_FOUND", "gateway_id");
    });
  }
});

describe("the credential key", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it("uses GATEWAY_ENCRYPTION_KEY when set: another key cannot decrypt", () => {
    vi.stubEnv("GATEWAY_ENCRYPTION_KEY", Buffer.alloc(32, 7).toString("base64"));
    const sealed = sealCredential("secret", "ctx");
    expect(openCredential(sealed, "ctx")).toBe("secret");
    vi.stubEnv("GATEWAY_ENCRYPTION_KEY", Buffer.alloc(32, 8).toString("base64"));
    expect(() => openCredential(sealed, "ctx")).toThrow();
  });

  it("refuses a key that is not 32 bytes, and a missing key in production", () => {
    vi.stubEnv("GATEWAY_ENCRYPTION_KEY", Buffer.alloc(16).toString("base64"));
    expect(() => sealCredential("secret", "ctx")).toThrow(/32 bytes/);
    vi.stubEnv("GATEWAY_ENCRYPTION_KEY", "");
    vi.stubEnv("NODE_ENV", "production");
    expect(() => sealCredential("secret", "ctx")).toThrow(/GATEWAY_ENCRYPTION_KEY/);
  });

  it("falls back to the development key outside production, warning once", async () => {
    vi.resetModules();
    const fresh = await import("../lib/gateways/credentials");
    vi.stubEnv("GATEWAY_ENCRYPTION_KEY", "");
    vi.stubEnv("LOG_LEVEL", "info");
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    fresh.sealCredential("a", "ctx");
    fresh.sealCredential("b", "ctx");
    expect(spy.mock.calls.filter((c) => String(c[0]).includes("GATEWAY_ENCRYPTION_KEY"))).toHaveLength(1);
  });
});
