import { selectRows } from "../../db/client";
import { eq, isNull, sql, type SQL } from "drizzle-orm";
import { filters, impossibleIds, inBrand, oldestFirst } from "../../db/scope";
import { kbArticles } from "../../db/schema";
import type { Context } from "../auth/context";
import { containsPattern } from "./queries";
import type { ListArticlesInput } from "./schemas";
import { listedArticleView } from "./view";

/**
 * Live articles (hidden ones too: visibility does not change listing), filtered by category and
 * part of a tag. By article_id the article is found even when deleted, and each such retrieval
 * adds one to its view_count (the answer includes this view).
 */
export async function listArticles({ ctx, input }: { ctx: Context; input: ListArticlesInput }) {
  if (impossibleIds(input.article_id, input.category_id)) return { items: [], total: 0 };
  const where = inBrand(
    ctx,
    kbArticles,
    input.article_id ? eq(kbArticles.id, input.article_id) : isNull(kbArticles.deletedAt),
    ...filters([[kbArticles.categoryId, input.category_id]]),
    input.tags ? tagContains(input.tags) : undefined,
  );
  const rows = input.article_id
    ? await ctx.db.update(kbArticles).set({ viewCount: sql`${kbArticles.viewCount} + 1` }).where(where).returning()
    : await selectRows(ctx.db, kbArticles, { where, orderBy: oldestFirst(kbArticles) });
  return { items: rows.map(listedArticleView), total: rows.length };
}

/** Some tag contains the text, in any case (a scan of the tags: the spec warns it is slower). */
const tagContains = (text: string): SQL => sql`exists (select 1 from unnest(${kbArticles.tags}) as t(tag) where t.tag ilike ${containsPattern(text)})`;
