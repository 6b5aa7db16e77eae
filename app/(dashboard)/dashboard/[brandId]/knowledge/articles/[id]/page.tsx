import { DetailHead, EditLink, FactsCard, Section } from "@/components/dashboard/detail";
import { loadRecord, openRecord, type RecordPageProps } from "../../../_components/load-record";
import { listArticlesPage } from "@/lib/knowledge/list-articles";
import { categoryTree } from "@/lib/knowledge/read";
import { VISIBILITY } from "@/lib/knowledge/schemas";
import { formatTags } from "@/lib/knowledge/tags";
import { formatInstant } from "@/lib/format";
import { ArticleActions } from "../../_components/kb-actions";
import { categoryChoices } from "../../_components/options";
import styles from "../../_components/kb.module.css";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Article · Recurring Billing" };

export default async function ArticlePage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  // The page query, not Article/List by id: staff reading it is not a view to count.
  const [a, tree] = await Promise.all([loadRecord(ctx, id, listArticlesPage), categoryTree(ctx)]);
  const category = categoryChoices(tree).find((c) => c.value === a.categoryId)?.label ?? "—";
  const base = `${dash}/knowledge`;
  const deleted = a.status === STATUS.DELETED;
  const hidden = a.visibility === VISIBILITY.HIDDEN;
  const badge = deleted ? <span className="badge bad">Deleted</span> : hidden ? <span className="badge warn">Hidden</span> : null;
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
          ["Visibility", hidden ? "Hidden from customers" : "Visible to customers"],
          ["Tags", formatTags(a.tags) || "—"],
          ["Views", a.viewCount],
          ["Updated", formatInstant(a.updatedAt)],
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
