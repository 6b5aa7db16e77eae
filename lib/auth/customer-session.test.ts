import { describe, expect, it } from "vitest";
import { decodeCustomerSession, encodeCustomerSession, safePortalRedirect, sessionCookieOptions } from "./customer-session";

const secret = new TextEncoder().encode("x".repeat(40));
const other = new TextEncoder().encode("y".repeat(40));
const session = {
  brandId: "0190a6f0-0000-7000-8000-000000000001",
  customerAccountId: "0190a6f0-0000-7000-8000-000000000002",
  userId: "0190a6f0-0000-7000-8000-000000000003",
};
const signedIn = { ...session, sessionId: "0190a6f0-0000-7000-8000-000000000004" };

describe("portal session tokens", () => {
  it("round-trip, expire after their time, and are refused when forged or of the other purpose", async () => {
    const now = new Date("2026-11-22T10:00:00Z");
    const token = await encodeCustomerSession(signedIn, "session", { secret, now });
    expect(await decodeCustomerSession(token, "session", { secret, now })).toEqual(signedIn);
    expect(await decodeCustomerSession(token, "session", { secret, now: new Date("2026-11-22T17:59:00Z") })).toEqual(signedIn);
    // A session without its server-side row (signed before rows were kept) is not a session (issue 28 item 3).
    expect(await decodeCustomerSession(await encodeCustomerSession(session, "session", { secret, now }), "session", { secret, now })).toBeNull();
    expect(await decodeCustomerSession(token, "session", { secret, now: new Date("2026-11-22T18:00:01Z") })).toBeNull();
    expect(await decodeCustomerSession(token, "session", { secret: other, now })).toBeNull();
    expect(await decodeCustomerSession(token, "2fa", { secret, now })).toBeNull();
    expect(await decodeCustomerSession(`${token}x`, "session", { secret, now })).toBeNull();
    expect(await decodeCustomerSession(undefined, "session", { secret, now })).toBeNull();
    const pending = await encodeCustomerSession({ ...session, method: "email", sentTo: "j***@example.com" }, "2fa", { secret, now });
    expect(await decodeCustomerSession(pending, "2fa", { secret, now })).toEqual({ ...session, method: "email", sentTo: "j***@example.com" });
    expect(await decodeCustomerSession(pending, "session", { secret, now })).toBeNull();
    expect(await decodeCustomerSession(pending, "2fa", { secret, now: new Date("2026-11-22T10:10:01Z") })).toBeNull();
  });

  it("cookies are httpOnly, SameSite=Lax, Secure on https", () => {
    expect(sessionCookieOptions("https://billing.example.com", 60)).toMatchObject({ httpOnly: true, sameSite: "lax", secure: true });
    expect(sessionCookieOptions("http://localhost:3000", 60)).toMatchObject({ httpOnly: true, sameSite: "lax", secure: false });
  });
});

describe("safePortalRedirect", () => {
  it.each([
    [null, "/portal"],
    ["", "/portal"],
    ["/portal/invoices", "/portal/invoices"],
    ["/portal/invoices?page=2#x", "/portal/invoices?page=2#x"],
    ["subscribe", "/portal/subscribe"],
    ["invoices/abc", "/portal/invoices/abc"],
    ["/portal", "/portal"],
    ["https://evil.example/portal", "/portal"],
    ["//evil.example/portal", "/portal"],
    ["/\\evil.example", "/portal"],
    ["\\\\evil.example", "/portal"],
    ["/dashboard", "/portal"],
    ["/portalx", "/portal"],
    ["/portal/../api/json/Brand/List", "/portal"],
    ["/portal/%2e%2e/api", "/portal"],
    ["javascript:alert(1)", "/portal"],
    ["/portal/sign-out", "/portal"],
    ["/portal/login?x=1", "/portal"],
    ["/portal/\nx", "/portal"],
  ])("%s -> %s", (raw, expected) => {
    expect(safePortalRedirect(raw)).toBe(expected);
  });
});
