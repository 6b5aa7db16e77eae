import { notFound } from "next/navigation";
import { DetailHead, EditLink, FactsCard, Section } from "@/components/dashboard/detail";
import { openRecord, type RecordPageProps } from "../../../_components/load-record";
import { articlePageList, categoryTree } from "@/lib/knowledge/pages";
import { isUuid } from "@/lib/ids";
import { formatInstant } from "@/lib/format";
import { ArticleActions } from "../../_components/kb-actions";
import { categoryChoices } from "../../_components/options";
import styles from "../../_components/kb.module.css";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Article · Recurring Billing" };

export default async function ArticlePage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  if (!isUuid(id)) notFound();
  // The page query, not Article/List by id: staff reading it is not a view to count.
  const [{ rows }, tree] = await Promise.all([articlePageList.page(ctx, { filters: { id } }), categoryTree(ctx)]);
  const a = rows[0];
  if (!a) notFound();
  const category = categoryChoices(tree).find((c) => c.value === a.category_id)?.label ?? "—";
  const base = `${dash}/knowledge`;
  const deleted = a.status === STATUS.DELETED;
  const badge = deleted ? <span className="badge bad">Deleted</span> : a.visibility === 2 ? <span className="badge warn">Hidden</span> : null;
  return (
    <>
      <DetailHead list={{ href: base, label: "Knowledge base" }} title={a.title} badge={badge}>
        {!deleted && <EditLink href={`${base}/articles/${id}/edit`} />}
        <ArticleActions brandId={brandId} id={id} name={a.title} deleted={deleted} />
      </DetailHead>
      <FactsCard
        id="about"
        title="About"
        facts={[
          ["Category", category],
          ["Visibility", a.visibility === 1 ? "Visible to customers" : "Hidden from customers"],
          ["Tags", a.tags || "—"],
          ["Views", a.view_count],
          ["Updated", formatInstant(a.updated)],
        ]}
      />
      <Section id="contents" title="Contents">
        {a.summary && <p className="muted">{a.summary}</p>}
        {/* Sanitised when saved (lib/knowledge/sanitize.ts): no scripts, styles or handlers reach this page. */}
        <div className={styles.article} dangerouslySetInnerHTML={{ __html: a.contents }} />
      </Section>
    </>
  );
}
