import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { articlePageList, categoryTree } from "@/lib/knowledge/pages";
import { isUuid } from "@/lib/ids";
import { formatInstant } from "@/lib/format";
import { ArticleActions } from "../../_components/kb-actions";
import { categoryChoices } from "../../_components/options";
import styles from "../../_components/kb.module.css";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Article · Recurring Billing" };

export default async function ArticlePage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  if (!isUuid(id)) notFound();
  // The page query, not Article/List by id: staff reading it is not a view to count.
  const [{ rows }, tree] = await Promise.all([articlePageList.page(ctx, { filters: { id } }), categoryTree(ctx)]);
  const a = rows[0];
  if (!a) notFound();
  const category = categoryChoices(tree).find((c) => c.value === a.category_id)?.label ?? "—";
  const base = `/dashboard/${brandId}/knowledge`;
  const deleted = a.status === STATUS.DELETED;
  return (
    <>
      <p className="breadcrumb">
        <Link href={base}>Knowledge base</Link> / {a.title}
      </p>
      <div className="page-head">
        <h1>
          {a.title} {deleted ? <span className="badge bad">Deleted</span> : a.visibility === 2 ? <span className="badge warn">Hidden</span> : null}
        </h1>
        <div className="actions">
          {!deleted && (
            <Link href={`${base}/articles/${id}/edit`} className="button secondary">
              Edit
            </Link>
          )}
          <ArticleActions brandId={brandId} id={id} name={a.title} deleted={deleted} />
        </div>
      </div>
      <section className="card" aria-labelledby="about">
        <h2 id="about">About</h2>
        <dl className="details">
          <dt>Category</dt>
          <dd>{category}</dd>
          <dt>Visibility</dt>
          <dd>{a.visibility === 1 ? "Visible to customers" : "Hidden from customers"}</dd>
          <dt>Tags</dt>
          <dd>{a.tags || "—"}</dd>
          <dt>Views</dt>
          <dd>{a.view_count}</dd>
          <dt>Updated</dt>
          <dd>{formatInstant(a.updated)}</dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="contents">
        <h2 id="contents">Contents</h2>
        {a.summary && <p className="muted">{a.summary}</p>}
        {/* Sanitised when saved (lib/knowledge/sanitize.ts): no scripts, styles or handlers reach this page. */}
        <div className={styles.article} dangerouslySetInnerHTML={{ __html: a.contents }} />
      </section>
    </>
  );
}
