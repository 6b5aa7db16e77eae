import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { call, makeTenant, ok, type Tenant, errorOf } from "./support/api";
import { getDb } from "../db/client";
import { kbArticles, kbCategories } from "../db/schema";
import { ManualClock, systemClock, useClock } from "../lib/clock";
import { CONTENTS_MAX, NAME_MAX, SUMMARY_MAX, TITLE_MAX } from "../lib/knowledge/schemas";
import { parseTags, TAG_MAX } from "../lib/knowledge/tags";

const FORMATS = ["json", "xml"] as const;
/** A list namespace as an array in both formats (XML gives one child as an object, none as ""). */
const listOf = (format: string, body: any, plural: string, singular: string): any[] => {
  if (format === "json") return body[plural];
  const inner = body[plural]?.[singular];
  return inner === undefined ? [] : Array.isArray(inner) ? inner : [inner];
};

async function category(t: Tenant, params: Record<string, string> = {}) {
  const body = await ok(t, "json", "Category/Create", { method: "POST", params: { name: "Billing", category_type: "PRIMARY", visibility: "1", ...params } });
  return body.category;
}

const articleParams = (categoryId: string) => ({
  category_id: categoryId,
  title: "How billing works",
  contents: "<p>Renewals</p>",
  tags: "billing, invoices",
  visibility: "1",
});

async function article(t: Tenant, categoryId: string, params: Record<string, string> = {}) {
  const body = await ok(t, "json", "Article/Create", { method: "POST", params: { ...articleParams(categoryId), ...params } });
  return body.article;
}

/** Rows of both tables, to prove a refusal changed nothing. */
async function snapshot(brandId: string) {
  const db = await getDb();
  return {
    categories: await db.select().from(kbCategories).where(eq(kbCategories.brandId, brandId)).orderBy(kbCategories.id),
    articles: await db.select().from(kbArticles).where(eq(kbArticles.brandId, brandId)).orderBy(kbArticles.id),
  };
}

async function expectRefused(
  t: Tenant,
  format: string,
  path: string,
  method: string,
  params: Record<string, string>,
  status: number,
  errorCode: string,
  parameter?: string,
) {
  const before = await snapshot(t.brand_id);
  const r = await call(format, path, { method, creds: t, params });
  expect(r.status, r.text).toBe(status);
  expect(errorOf(r).code).toBe(errorCode);
  if (parameter) expect(errorOf(r).parameter).toBe(parameter);
  expect(await snapshot(t.brand_id)).toEqual(before);
  return r;
}

let other: Tenant;
beforeAll(async () => {
  other = await makeTenant();
});
afterEach(() => useClock(systemClock));

describe("Category/Create", () => {
  for (const format of FORMATS) {
    it(`${format}: creates PRIMARY and SUB categories`, async () => {
      const t = await makeTenant();
      const primary = (await ok(t, format, "Category/Create", { method: "POST", params: { name: "Billing", category_type: "PRIMARY", visibility: "2" } }))
        .category;
      expect(primary).toMatchObject({ name: "Billing", category_type: "PRIMARY", parent_category_id: "", visibility: "2", status: "1" });
      const sub = (
        await ok(t, format, "Category/Create", {
          method: "POST",
          params: { name: "Invoices", category_type: "SUB", parent_category_id: primary.category_id, visibility: "1" },
        })
      ).category;
      expect(sub).toMatchObject({ category_type: "SUB", parent_category_id: primary.category_id, visibility: "1" });
    });

    it(`${format}: refuses a SUB without a PRIMARY parent of this brand, and a PRIMARY with a parent`, async () => {
      const t = await makeTenant();
      const primary = await category(t);
      const sub = await category(t, { name: "Sub", category_type: "SUB", parent_category_id: primary.category_id });
      const theirs = await category(other);
      const make = (p: Record<string, string>) => ({ name: "X", category_type: "SUB", visibility: "1", ...p });
      await expectRefused(t, format, "Category/Create", "POST", make({}), 400, "MISSING_PARAMETER", "parent_category_id");
      await expectRefused(t, format, "Category/Create", "POST", make({ parent_category_id: "" }), 400, "MISSING_PARAMETER", "parent_category_id");
      await expectRefused(t, format, "Category/Create", "POST", make({ parent_category_id: sub.category_id }), 400, "INVALID_PARAMETER", "parent_category_id");
      await expectRefused(t, format, "Category/Create", "POST", make({ parent_category_id: theirs.category_id }), 404, "NOT_FOUND", "parent_category_id");
      await expectRefused(
        t,
        format,
        "Category/Create",
        "POST",
        make({ category_type: "PRIMARY", parent_category_id: primary.category_id }),
        400,
        "INVALID_PARAMETER",
        "parent_category_id",
      );
      const gone = await category(t, { name: "Gone" });
      await ok(t, "json", "Category/Delete", { method: "DELETE", params: { category_id: gone.category_id } });
      await expectRefused(t, format, "Category/Create", "POST", make({ parent_category_id: gone.category_id }), 409, "INVALID_STATE", "parent_category_id");
    });

    it(`${format}: validates name, type and visibility, name up to ${NAME_MAX} characters exactly`, async () => {
      const t = await makeTenant();
      const good = { name: "N", category_type: "PRIMARY", visibility: "1" };
      await expectRefused(t, format, "Category/Create", "POST", { ...good, category_type: "PARENT" }, 400, "INVALID_PARAMETER", "category_type");
      await expectRefused(t, format, "Category/Create", "POST", { ...good, visibility: "3" }, 400, "INVALID_PARAMETER", "visibility");
      await expectRefused(t, format, "Category/Create", "POST", { ...good, visibility: "" }, 400, "MISSING_PARAMETER", "visibility");
      await expectRefused(t, format, "Category/Create", "POST", { name: "N", visibility: "1" }, 400, "MISSING_PARAMETER", "category_type");
      await expectRefused(t, format, "Category/Create", "POST", { ...good, name: "n".repeat(NAME_MAX + 1) }, 400, "INVALID_PARAMETER", "name");
      expect((await category(t, { name: "n".repeat(NAME_MAX) })).name).toHaveLength(NAME_MAX);
    });
  }
});

describe("Category/List", () => {
  for (const format of FORMATS) {
    it(`${format}: filters by type, parent and name, and nests sub categories with article counts`, async () => {
      const t = await makeTenant();
      const billing = await category(t, { name: "Billing" });
      const account = await category(t, { name: "Account 100%" });
      const invoices = await category(t, { name: "Invoices", category_type: "SUB", parent_category_id: billing.category_id, visibility: "2" });
      const cards = await category(t, { name: "Cards", category_type: "SUB", parent_category_id: billing.category_id });
      const oldSub = await category(t, { name: "Old", category_type: "SUB", parent_category_id: billing.category_id });
      await ok(t, "json", "Category/Delete", { method: "DELETE", params: { category_id: oldSub.category_id } });
      await article(t, invoices.category_id);
      await article(t, invoices.category_id, { visibility: "2" });
      const deleted = await article(t, invoices.category_id);
      await ok(t, "json", "Article/Delete", { method: "DELETE", params: { article_id: deleted.article_id } });
      await article(t, billing.category_id);

      const ids = async (params: Record<string, string>) =>
        listOf(format, await ok(t, format, "Category/List", { params }), "categories", "category").map((c) => c.category_id);
      expect(await ids({})).toEqual([account, billing, cards, invoices].map((c) => c.category_id));
      expect(await ids({ category_type: "PARENT" })).toEqual([account.category_id, billing.category_id]);
      expect(await ids({ category_type: "SUB" })).toEqual([cards.category_id, invoices.category_id]);
      expect(await ids({ parent_category_id: billing.category_id })).toEqual([cards.category_id, invoices.category_id]);
      expect(await ids({ name: "VOICE" })).toEqual([invoices.category_id]);
      expect(await ids({ name: "100%" })).toEqual([account.category_id]);
      expect(await ids({ name: "%" })).toEqual([account.category_id]);
      expect(await ids({ category_id: oldSub.category_id })).toEqual([oldSub.category_id]);

      const nested = listOf(
        format,
        await ok(t, format, "Category/List", { params: { category_type: "PARENT", show_sub_categories: "Y" } }),
        "categories",
        "category",
      );
      expect(nested.map((c) => [c.name, c.article_count])).toEqual([
        ["Account 100%", "0"],
        ["Billing", "1"],
      ]);
      expect(listOf(format, nested[0], "sub_categories", "sub_category")).toEqual([]);
      const subs = listOf(format, nested[1], "sub_categories", "sub_category");
      expect(subs.map((s) => [s.category_id, s.article_count, s.visibility])).toEqual([
        [cards.category_id, "0", "1"],
        [invoices.category_id, "2", "2"],
      ]);
    });

    it(`${format}: show_sub_categories needs category_type PARENT`, async () => {
      const t = await makeTenant();
      let r = await call(format, "Category/List", { creds: t, params: { show_sub_categories: "Y" } });
      expect([r.status, errorOf(r).code, errorOf(r).parameter]).toEqual([400, "MISSING_PARAMETER", "category_type"]);
      r = await call(format, "Category/List", { creds: t, params: { show_sub_categories: "Y", category_type: "SUB" } });
      expect([r.status, errorOf(r).code, errorOf(r).parameter]).toEqual([400, "INVALID_PARAMETER", "show_sub_categories"]);
      r = await call(format, "Category/List", { creds: t, params: { category_type: "PRIMARY" } });
      expect([r.status, errorOf(r).parameter]).toEqual([400, "category_type"]);
    });
  }
});

describe("Category/Update", () => {
  for (const format of FORMATS) {
    it(`${format}: changes fields, keeps a SUB's parent when absent, moves it, and makes it PRIMARY`, async () => {
      const t = await makeTenant();
      const a = await category(t, { name: "A" });
      const b = await category(t, { name: "B" });
      const sub = await category(t, { name: "S", category_type: "SUB", parent_category_id: a.category_id });
      const update = (params: Record<string, string>) =>
        ok(t, format, "Category/Update", {
          method: "PATCH",
          params: { category_id: sub.category_id, name: "S", visibility: "1", category_type: "SUB", ...params },
        }).then((b) => b.category);
      expect(await update({ name: "Renamed", visibility: "2" })).toMatchObject({ name: "Renamed", visibility: "2", parent_category_id: a.category_id });
      expect(await update({ parent_category_id: b.category_id })).toMatchObject({ parent_category_id: b.category_id });
      expect(await update({ category_type: "PRIMARY" })).toMatchObject({ category_type: "PRIMARY", parent_category_id: "" });
      expect(await update({ category_type: "SUB", parent_category_id: a.category_id })).toMatchObject({
        category_type: "SUB",
        parent_category_id: a.category_id,
      });
    });

    it(`${format}: refuses bad parents, a PRIMARY with sub categories becoming SUB, and deleted categories`, async () => {
      const t = await makeTenant();
      const a = await category(t, { name: "A" });
      const b = await category(t, { name: "B" });
      const sub = await category(t, { name: "S", category_type: "SUB", parent_category_id: a.category_id });
      const params = (id: string, p: Record<string, string>) => ({ category_id: id, name: "X", visibility: "1", category_type: "SUB", ...p });
      await expectRefused(t, format, "Category/Update", "PATCH", params(b.category_id, {}), 400, "MISSING_PARAMETER", "parent_category_id");
      await expectRefused(
        t,
        format,
        "Category/Update",
        "PATCH",
        params(b.category_id, { parent_category_id: b.category_id }),
        400,
        "INVALID_PARAMETER",
        "parent_category_id",
      );
      await expectRefused(
        t,
        format,
        "Category/Update",
        "PATCH",
        params(b.category_id, { parent_category_id: sub.category_id }),
        400,
        "INVALID_PARAMETER",
        "parent_category_id",
      );
      await expectRefused(
        t,
        format,
        "Category/Update",
        "PATCH",
        params(sub.category_id, { parent_category_id: "" }),
        400,
        "MISSING_PARAMETER",
        "parent_category_id",
      );
      await expectRefused(
        t,
        format,
        "Category/Update",
        "PATCH",
        params(a.category_id, { parent_category_id: b.category_id }),
        409,
        "INVALID_STATE",
        "category_type",
      );
      await expectRefused(
        t,
        format,
        "Category/Update",
        "PATCH",
        params(sub.category_id, { category_type: "PRIMARY", parent_category_id: a.category_id }),
        400,
        "INVALID_PARAMETER",
        "parent_category_id",
      );
      await ok(t, "json", "Category/Delete", { method: "DELETE", params: { category_id: b.category_id } });
      await expectRefused(t, format, "Category/Update", "PATCH", params(b.category_id, { category_type: "PRIMARY" }), 409, "INVALID_STATE", "category_id");
    });
  }
});

describe("Category/Delete and Category/Restore", () => {
  for (const format of FORMATS) {
    it(`${format}: refuses deleting while sub categories remain, then deletes and restores`, async () => {
      const t = await makeTenant();
      const parent = await category(t);
      const sub = await category(t, { name: "S", category_type: "SUB", parent_category_id: parent.category_id });
      await expectRefused(t, format, "Category/Delete", "DELETE", { category_id: parent.category_id }, 409, "INVALID_STATE", "category_id");
      expect((await ok(t, format, "Category/Delete", { method: "DELETE", params: { category_id: sub.category_id } })).category.status).toBe("3");
      const gone = (await ok(t, format, "Category/Delete", { method: "DELETE", params: { category_id: parent.category_id } })).category;
      expect(gone).toMatchObject({ status: "3" });
      expect(gone.deleted).toMatch(/Z$/);
      await expectRefused(t, format, "Category/Delete", "DELETE", { category_id: parent.category_id }, 409, "INVALID_STATE");
      // A sub category comes back only under a live parent.
      await expectRefused(t, format, "Category/Restore", "PATCH", { category_id: sub.category_id }, 409, "INVALID_STATE");
      expect((await ok(t, format, "Category/Restore", { method: "PATCH", params: { category_id: parent.category_id } })).category).toMatchObject({
        status: "1",
        deleted: "",
      });
      expect((await ok(t, format, "Category/Restore", { method: "PATCH", params: { category_id: sub.category_id } })).category.status).toBe("1");
      await expectRefused(t, format, "Category/Restore", "PATCH", { category_id: sub.category_id }, 409, "INVALID_STATE");
    });
  }

  it("restores a category with no time limit", async () => {
    const clock = new ManualClock("2026-01-01T00:00:00Z");
    useClock(clock);
    const t = await makeTenant();
    const c = await category(t);
    await ok(t, "json", "Category/Delete", { method: "DELETE", params: { category_id: c.category_id } });
    clock.advance({ days: 400 });
    await ok(t, "json", "Category/Restore", { method: "PATCH", params: { category_id: c.category_id } });
  });
});

describe("Article/Create", () => {
  for (const format of FORMATS) {
    it(`${format}: creates an article with sanitised HTML and normalised tags, without view_count`, async () => {
      const t = await makeTenant();
      const c = await category(t);
      const body = await ok(t, format, "Article/Create", {
        method: "POST",
        params: {
          ...articleParams(c.category_id),
          summary: "Short",
          contents:
            '<h2 onclick="steal()">Hi</h2><script>alert(1)</script><p style="x" onmouseover="y">Text <a href="javascript:alert(1)">bad</a> <a href="https://example.com">good</a><img src="https://example.com/a.png" onerror="z"></p><style>p{}</style>',
          tags: " #billing, Invoices ;billing|  getting   started ",
          visibility: "2",
        },
      });
      expect(body.article).toMatchObject({
        category_id: c.category_id,
        title: "How billing works",
        summary: "Short",
        contents: '<h2>Hi</h2><p>Text <a>bad</a> <a href="https://example.com">good</a><img src="https://example.com/a.png" /></p>',
        tags: "billing, Invoices, getting started",
        visibility: "2",
        status: "1",
      });
      expect(body.article).not.toHaveProperty("view_count");
    });

    it(`${format}: refuses another brand's or a deleted category, empty contents after sanitising, and no tags`, async () => {
      const t = await makeTenant();
      const c = await category(t);
      const theirs = await category(other);
      const params = articleParams(c.category_id);
      await expectRefused(t, format, "Article/Create", "POST", { ...params, category_id: theirs.category_id }, 404, "NOT_FOUND", "category_id");
      await expectRefused(t, format, "Article/Create", "POST", { ...params, contents: "<script>alert(1)</script>" }, 400, "INVALID_PARAMETER", "contents");
      await expectRefused(t, format, "Article/Create", "POST", { ...params, tags: " , ;# " }, 400, "INVALID_PARAMETER", "tags");
      await expectRefused(t, format, "Article/Create", "POST", { ...params, visibility: "0" }, 400, "INVALID_PARAMETER", "visibility");
      for (const missing of ["category_id", "title", "contents", "tags", "visibility"]) {
        await expectRefused(t, format, "Article/Create", "POST", { ...params, [missing]: "" }, 400, "MISSING_PARAMETER", missing);
      }
      const gone = await category(t, { name: "Gone" });
      await ok(t, "json", "Category/Delete", { method: "DELETE", params: { category_id: gone.category_id } });
      await expectRefused(t, format, "Article/Create", "POST", { ...params, category_id: gone.category_id }, 409, "INVALID_STATE", "category_id");
    });
  }

  it("takes title, summary, contents and tags up to their limits exactly", async () => {
    const t = await makeTenant();
    const c = await category(t);
    const params = articleParams(c.category_id);
    const limits: [string, number][] = [
      ["title", TITLE_MAX],
      ["summary", SUMMARY_MAX],
      ["contents", CONTENTS_MAX],
    ];
    for (const [p, max] of limits) {
      await expectRefused(t, "json", "Article/Create", "POST", { ...params, [p]: "x".repeat(max + 1) }, 400, "INVALID_PARAMETER", p);
      expect((await article(t, c.category_id, { [p]: "x".repeat(max) }))[p]).toHaveLength(max);
    }
    await expectRefused(t, "json", "Article/Create", "POST", { ...params, tags: `a,${"t".repeat(TAG_MAX + 1)}` }, 400, "INVALID_PARAMETER", "tags");
    expect((await article(t, c.category_id, { tags: `a,${"t".repeat(TAG_MAX)}` })).tags).toBe(`a, ${"t".repeat(TAG_MAX)}`);
  });

  it("reads tags in the common formats", () => {
    expect(parseTags('["Billing", "faq", "billing"]')).toEqual(["Billing", "faq"]);
    expect(parseTags("#billing #faq")).toEqual(["billing", "faq"]);
    expect(parseTags("billing faq")).toEqual(["billing", "faq"]);
    expect(parseTags("getting started, faq")).toEqual(["getting started", "faq"]);
    expect(parseTags("a;b\nc|d")).toEqual(["a", "b", "c", "d"]);
    expect(parseTags("[not json")).toEqual(["[not", "json"]);
  });
});

describe("Article/List", () => {
  for (const format of FORMATS) {
    it(`${format}: lists live articles whatever their visibility, filters by category and part of a tag`, async () => {
      const t = await makeTenant();
      const c1 = await category(t, { name: "One" });
      const c2 = await category(t, { name: "Two" });
      const a = await article(t, c1.category_id, { tags: "Billing, invoices" });
      const b = await article(t, c1.category_id, { tags: "cards", visibility: "2" });
      const c = await article(t, c2.category_id, { tags: "100%_sure" });
      const d = await article(t, c2.category_id, { tags: "billing" });
      await ok(t, "json", "Article/Delete", { method: "DELETE", params: { article_id: d.article_id } });
      const ids = async (params: Record<string, string>) =>
        listOf(format, await ok(t, format, "Article/List", { params }), "articles", "article").map((x) => x.article_id);
      expect(await ids({})).toEqual([a, b, c].map((x) => x.article_id));
      expect(await ids({ category_id: c1.category_id })).toEqual([a.article_id, b.article_id]);
      expect(await ids({ tags: "BILL" })).toEqual([a.article_id]);
      expect(await ids({ tags: "voice" })).toEqual([a.article_id]);
      expect(await ids({ tags: "%_" })).toEqual([c.article_id]);
      expect(await ids({ tags: "_" })).toEqual([c.article_id]);
      expect(await ids({ tags: "nothing" })).toEqual([]);
      expect(await ids({ category_id: c2.category_id, tags: "card" })).toEqual([]);
      const listed = listOf(format, await ok(t, format, "Article/List", { params: { category_id: c1.category_id } }), "articles", "article");
      expect(listed[1]).toMatchObject({ visibility: "2", view_count: "0", tags: "cards" });
    });

    it(`${format}: each retrieval by article_id adds one to view_count; listing does not`, async () => {
      const t = await makeTenant();
      const c = await category(t);
      const a = await article(t, c.category_id);
      const byId = async () => listOf(format, await ok(t, format, "Article/List", { params: { article_id: a.article_id } }), "articles", "article")[0];
      expect((await byId()).view_count).toBe("1");
      expect((await byId()).view_count).toBe("2");
      await ok(t, format, "Article/List");
      await ok(t, format, "Article/List", { params: { category_id: c.category_id } });
      expect((await byId()).view_count).toBe("3");
      // Update leaves the count alone.
      await ok(t, "json", "Article/Update", { method: "PATCH", params: { ...articleParams(c.category_id), article_id: a.article_id } });
      expect((await byId()).view_count).toBe("4");
    });
  }

  it("never lists another brand's articles nor counts their views", async () => {
    const t = await makeTenant();
    const theirs = await article(other, (await category(other)).category_id);
    expect((await ok(t, "json", "Article/List")).count).toBe("0");
    expect((await ok(t, "json", "Article/List", { params: { article_id: theirs.article_id } })).count).toBe("0");
    expect((await ok(t, "json", "Article/List", { params: { category_id: theirs.category_id } })).count).toBe("0");
    const db = await getDb();
    const [row] = await db.select().from(kbArticles).where(eq(kbArticles.id, theirs.article_id));
    expect(row.viewCount).toBe(0);
  });
});

describe("Article/Update", () => {
  for (const format of FORMATS) {
    it(`${format}: sets every field, keeps an absent summary, clears an empty one`, async () => {
      const t = await makeTenant();
      const c1 = await category(t, { name: "One" });
      const c2 = await category(t, { name: "Two", category_type: "SUB", parent_category_id: c1.category_id });
      const a = await article(t, c1.category_id, { summary: "Keep me" });
      const update = (params: Record<string, string>) =>
        ok(t, format, "Article/Update", { method: "PATCH", params: { article_id: a.article_id, ...articleParams(c2.category_id), ...params } }).then(
          (b) => b.article,
        );
      expect(await update({ title: "New", contents: "<p onclick='x'>New</p>", tags: "x y", visibility: "2" })).toMatchObject({
        category_id: c2.category_id,
        title: "New",
        summary: "Keep me",
        contents: "<p>New</p>",
        tags: "x, y",
        visibility: "2",
      });
      expect((await update({ summary: "" })).summary).toBe("");
    });

    it(`${format}: refuses a deleted article, a deleted or foreign category, and bad input, changing nothing`, async () => {
      const t = await makeTenant();
      const c = await category(t);
      const a = await article(t, c.category_id);
      const params = { ...articleParams(c.category_id), article_id: a.article_id };
      await expectRefused(
        t,
        format,
        "Article/Update",
        "PATCH",
        { ...params, category_id: (await category(other)).category_id },
        404,
        "NOT_FOUND",
        "category_id",
      );
      await expectRefused(t, format, "Article/Update", "PATCH", { ...params, title: "t".repeat(TITLE_MAX + 1) }, 400, "INVALID_PARAMETER", "title");
      await expectRefused(t, format, "Article/Update", "PATCH", { ...params, contents: "<script>x</script>" }, 400, "INVALID_PARAMETER", "contents");
      const gone = await category(t, { name: "Gone" });
      await ok(t, "json", "Category/Delete", { method: "DELETE", params: { category_id: gone.category_id } });
      await expectRefused(t, format, "Article/Update", "PATCH", { ...params, category_id: gone.category_id }, 409, "INVALID_STATE", "category_id");
      await ok(t, "json", "Article/Delete", { method: "DELETE", params: { article_id: a.article_id } });
      await expectRefused(t, format, "Article/Update", "PATCH", params, 409, "INVALID_STATE", "article_id");
    });
  }
});

describe("Article/Delete and Article/Restore", () => {
  for (const format of FORMATS) {
    it(`${format}: deletes, refuses twice, restores, refuses restoring a live one`, async () => {
      const t = await makeTenant();
      const c = await category(t);
      const a = await article(t, c.category_id);
      const id = { article_id: a.article_id };
      const gone = (await ok(t, format, "Article/Delete", { method: "DELETE", params: id })).article;
      expect(gone.status).toBe("3");
      await expectRefused(t, format, "Article/Delete", "DELETE", id, 409, "INVALID_STATE");
      const back = (await ok(t, format, "Article/Restore", { method: "PATCH", params: id })).article;
      expect(back).toMatchObject({ status: "1", deleted: "" });
      await expectRefused(t, format, "Article/Restore", "PATCH", id, 409, "INVALID_STATE");
    });

    it(`${format}: restores within 90 days exactly, refuses after (RESTORE_WINDOW_EXPIRED)`, async () => {
      const clock = new ManualClock("2026-03-01T12:00:00Z");
      useClock(clock);
      const t = await makeTenant();
      const c = await category(t);
      const early = await article(t, c.category_id);
      const late = await article(t, c.category_id);
      for (const a of [early, late]) await ok(t, "json", "Article/Delete", { method: "DELETE", params: { article_id: a.article_id } });
      clock.advance({ days: 90 });
      await ok(t, format, "Article/Restore", { method: "PATCH", params: { article_id: early.article_id } });
      clock.advance({ seconds: 1 });
      await expectRefused(t, format, "Article/Restore", "PATCH", { article_id: late.article_id }, 409, "RESTORE_WINDOW_EXPIRED");
    });

    it(`${format}: refuses restoring while the article's category is deleted`, async () => {
      const t = await makeTenant();
      const c = await category(t);
      const a = await article(t, c.category_id);
      await ok(t, "json", "Article/Delete", { method: "DELETE", params: { article_id: a.article_id } });
      await ok(t, "json", "Category/Delete", { method: "DELETE", params: { category_id: c.category_id } });
      await expectRefused(t, format, "Article/Restore", "PATCH", { article_id: a.article_id }, 409, "INVALID_STATE");
      await ok(t, "json", "Category/Restore", { method: "PATCH", params: { category_id: c.category_id } });
      await ok(t, format, "Article/Restore", { method: "PATCH", params: { article_id: a.article_id } });
    });
  }

  it("day 89 restores, day 91 is refused", async () => {
    const clock = new ManualClock("2026-01-01T00:00:00Z");
    useClock(clock);
    const t = await makeTenant();
    const c = await category(t);
    const a = await article(t, c.category_id);
    const b = await article(t, c.category_id);
    for (const x of [a, b]) await ok(t, "json", "Article/Delete", { method: "DELETE", params: { article_id: x.article_id } });
    clock.advance({ days: 89 });
    await ok(t, "json", "Article/Restore", { method: "PATCH", params: { article_id: a.article_id } });
    clock.advance({ days: 2 });
    await expectRefused(t, "json", "Article/Restore", "PATCH", { article_id: b.article_id }, 409, "RESTORE_WINDOW_EXPIRED");
  });
});

describe("another brand's categories and articles", () => {
  for (const format of FORMATS) {
    it(`${format}: are 404 for every change, and stay as they were`, async () => {
      const t = await makeTenant();
      const parent = await category(other, { name: "P" });
      const sub = await category(other, { name: "S", category_type: "SUB", parent_category_id: parent.category_id });
      const live = await article(other, sub.category_id);
      const gone = await article(other, sub.category_id);
      await ok(other, "json", "Article/Delete", { method: "DELETE", params: { article_id: gone.article_id } });
      const deletedCategory = await category(other, { name: "D" });
      await ok(other, "json", "Category/Delete", { method: "DELETE", params: { category_id: deletedCategory.category_id } });
      const before = await snapshot(other.brand_id);
      const mine = await category(t);
      const cases: [string, string, Record<string, string>, string][] = [
        ["Category/Update", "PATCH", { category_id: parent.category_id, name: "X", category_type: "PRIMARY", visibility: "1" }, "category_id"],
        [
          "Category/Update",
          "PATCH",
          { category_id: mine.category_id, name: "X", category_type: "SUB", visibility: "1", parent_category_id: parent.category_id },
          "parent_category_id",
        ],
        ["Category/Delete", "DELETE", { category_id: sub.category_id }, "category_id"],
        ["Category/Restore", "PATCH", { category_id: deletedCategory.category_id }, "category_id"],
        ["Article/Update", "PATCH", { ...articleParams(mine.category_id), article_id: live.article_id }, "article_id"],
        ["Article/Update", "PATCH", { ...articleParams(sub.category_id), article_id: live.article_id }, "article_id"],
        ["Article/Delete", "DELETE", { article_id: live.article_id }, "article_id"],
        ["Article/Restore", "PATCH", { article_id: gone.article_id }, "article_id"],
      ];
      for (const [path, method, params, parameter] of cases) {
        const r = await call(format, path, { method, creds: t, params });
        expect(r.status, `${path} ${r.text}`).toBe(404);
        expect(errorOf(r).code).toBe("NOT_FOUND");
        expect(errorOf(r).parameter).toBe(parameter);
      }
      expect(await snapshot(other.brand_id)).toEqual(before);
      const db = await getDb();
      const [{ n }] = await db.select({ n: count() }).from(kbCategories).where(eq(kbCategories.brandId, t.brand_id));
      expect(n).toBe(1);
    });
  }
});
