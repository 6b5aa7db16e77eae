/**
 * A path that names no endpoint is the API's 404 in the asked format, naming the endpoint it
 * probably meant: another letter case (`brand/list`) or a trailing slash (`Brand/List/`).
 */
import { describe, expect, it } from "vitest";
import { dispatch } from "../lib/api/dispatch";

const ask = async (format: string, path: string) => {
  const [resource, action] = path.replace(/\/$/, "").split("/");
  const r = await dispatch(new Request(`http://test.local/api/${format}/${path}`), { format, resource, action });
  return { status: r.status, text: await r.text() };
};

describe("an unknown endpoint", () => {
  it("in another letter case names the endpoint, in JSON and XML", async () => {
    const json = await ask("json", "brand/list");
    expect(json.status).toBe(404);
    expect(JSON.parse(json.text).exception).toMatchObject({
      code: "NOT_FOUND",
      message: "Unknown endpoint brand/list: did you mean Brand/List (/api/json/Brand/List)?",
    });
    const xml = await ask("xml", "SUBSCRIPTION/list");
    expect(xml.status).toBe(404);
    expect(xml.text).toContain("did you mean Subscription/List (/api/xml/Subscription/List)?");
  });

  it("with a trailing slash is a 404 naming it without, not a redirect", async () => {
    const r = await ask("json", "Brand/List/");
    expect(r.status).toBe(404);
    expect(JSON.parse(r.text).exception.message).toBe("Unknown endpoint Brand/List/: did you mean Brand/List (/api/json/Brand/List)?");
  });

  it("that resembles none says where the list is", async () => {
    expect(JSON.parse((await ask("json", "Brand/Fly")).text).exception.message).toBe("Unknown endpoint Brand/Fly: see /docs for the list");
  });
});
