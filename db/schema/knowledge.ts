import { pgTable, uuid, text, timestamp, smallint, integer, index, type AnyPgColumn } from "drizzle-orm/pg-core";
import { brands } from "./brands";

const instant = (name: string) => timestamp(name, { withTimezone: true });
const brandId = () =>
  uuid("brand_id")
    .notNull()
    .references(() => brands.id);
/** The status ledger of lib/lifecycle.ts: 1 active, 3 deleted. */
const status = () => smallint("status").notNull().default(1);
/** 1 visible, 2 hidden (spec: Category and Article). */
const visibility = () => smallint("visibility").notNull();

/** Knowledge-base categories: PRIMARY ones, and SUB ones under a PRIMARY (two levels). */
export const kbCategories = pgTable(
  "kb_categories",
  {
    id: uuid("id").primaryKey(),
    brandId: brandId(),
    name: text("name").notNull(),
    categoryType: text("category_type", { enum: ["PRIMARY", "SUB"] }).notNull(),
    parentId: uuid("parent_id").references((): AnyPgColumn => kbCategories.id),
    visibility: visibility(),
    status: status(),
    deletedAt: instant("deleted_at"),
    createdAt: instant("created_at").notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (t) => [index("kb_categories_brand_parent").on(t.brandId, t.parentId)],
);

export const kbArticles = pgTable(
  "kb_articles",
  {
    id: uuid("id").primaryKey(),
    brandId: brandId(),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => kbCategories.id),
    title: text("title").notNull(),
    summary: text("summary"),
    /** HTML sanitised on the way in (no scripts, no event handlers). */
    contents: text("contents").notNull(),
    tags: text("tags").array().notNull(),
    visibility: visibility(),
    viewCount: integer("view_count").notNull().default(0),
    status: status(),
    deletedAt: instant("deleted_at"),
    createdAt: instant("created_at").notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (t) => [index("kb_articles_brand_category").on(t.brandId, t.categoryId)],
);
