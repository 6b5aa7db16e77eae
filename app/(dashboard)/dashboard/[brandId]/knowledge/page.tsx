import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { articleList, listArticlesPage } from "@/lib/knowledge/list-articles";
import { categoryTree, type CategoryNode } from "@/lib/knowledge/read";
import { formatTags } from "@/lib/knowledge/tags";
import { VISIBILITY } from "@/lib/knowledge/schemas";
import { ListPage, openList, shown, type ListPageProps } from "../_components/list-page";
import { ArticlesTable } from "./columns";
import { CategoryActions } from "./_components/kb-actions";
import { categoryChoices } from "./_components/options";
import styles from "./_components/kb.module.css";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Knowledge base · Recurring Billing" };

function CategoryItem({ brandId, c }: { brandId: string; c: CategoryNode }) {
  const deleted = c.status === STATUS.DELETED;
  return (
    <li>
      <div className={styles.category}>
        <span className={styles.categoryName}>
          <strong>{c.name}</strong> <span className="muted">· {c.articleCount === 1 ? "1 article" : `${c.articleCount} articles`}</span>
          {c.visibility === VISIBILITY.HIDDEN && <span className="badge warn">Hidden</span>}
          {deleted && <span className="badge bad">Deleted</span>}
        </span>
        <span className="actions">
          {!deleted && (
            <>
              <Link href={`/dashboard/${brandId}/knowledge/articles/new?category_id=${c.id}`} className="button secondary">
                Add article<span className="visually-hidden"> to {c.name}</span>
              </Link>
              <Link href={`/dashboard/${brandId}/knowledge/categories/${c.id}/edit`} className="button secondary">
                Edit<span className="visually-hidden"> {c.name}</span>
              </Link>
            </>
          )}
          <CategoryActions brandId={brandId} id={c.id} name={c.name} deleted={deleted} articles={c.articleCount} />
        </span>
      </div>
      {c.children.length > 0 && (
        <ul className={styles.tree}>
          {c.children.map((s) => (
            <CategoryItem key={s.id} brandId={brandId} c={s} />
          ))}
        </ul>
      )}
    </li>
  );
}

export default async function KnowledgePage(props: ListPageProps) {
  const tree = await categoryTree(await dashboardContext((await props.params).brandId));
  const categories = categoryChoices(tree);
  const { brandId, ctx, query, paging, base, table } = await openList(props, "knowledge", {
    sortKeys: articleList.sortKeys,
    urlFilters: { category: categories.map((c) => c.value), deleted: ["Y"] },
    defaultSort: { key: "title", dir: "asc" },
  });
  const filters = { q: query.q || null, categoryId: query.filters.category ?? null, deleted: (query.filters.deleted as "Y" | undefined) ?? null };
  const names = new Map(categories.map((c) => [c.value, c.label]));
  return (
    <ListPage
      title="Knowledge base"
      actions={
        <div className="actions">
          <Link href={`${base}/categories/new`} className="button secondary">
            New category
          </Link>
          {categories.length > 0 && (
            <Link href={`${base}/articles/new`} className="button primary">
              New article
            </Link>
          )}
        </div>
      }
      intro={
        <section className="card" aria-labelledby="categories">
          <h2 id="categories">Categories</h2>
          {tree.length === 0 ? (
            <p className="muted">
              No categories yet. Articles are filed under a category: <Link href={`${base}/categories/new`}>create the first one</Link>.
            </p>
          ) : (
            <ul className={`${styles.tree} ${styles.root}`}>
              {tree.map((c) => (
                <CategoryItem key={c.id} brandId={brandId} c={c} />
              ))}
            </ul>
          )}
        </section>
      }
      base={base}
      load={() => listArticlesPage(ctx, { filters, ...paging })}
    >
      {(result) => (
        <section aria-labelledby="articles">
          <h2 id="articles">Articles</h2>
          <ArticlesTable
            {...table(result, (a) => ({
              ...shown(a, ["id", "title", "visibility", "viewCount", "status", "createdAt"]),
              categoryName: names.get(a.categoryId) ?? "—",
              tags: formatTags(a.tags),
            }))}
            categories={categories}
          />
        </section>
      )}
    </ListPage>
  );
}
