import Link from "next/link";
import { helpArticle } from "@/lib/knowledge/read";
import { customerPage, orNotFound } from "../../../_lib/data";
import { TagLinks } from "../../../_components/tags";

export const metadata = { title: "Help article" };

/** One help article; its HTML was sanitised when written and is sanitised again when read (lib/knowledge/read.ts). */
export default async function Article({ params }: { params: Promise<{ articleId: string }> }) {
  const { articleId } = await params;
  const { ctx, f } = await customerPage();
  const { article: a, category, html } = await orNotFound(helpArticle(ctx, articleId));
  return (
    <>
      <p className="crumbs">
        <Link href="/portal/help">← Help</Link> · {category}
      </p>
      <h1>{a.title}</h1>
      {a.summary ? <p className="lede">{a.summary}</p> : null}
      <article className="p-card p-article" dangerouslySetInnerHTML={{ __html: html }} />
      <div className="p-article-foot">
        <TagLinks tags={a.tags} />
        <span className="muted">Updated {f.day(a.updatedAt)}</span>
      </div>
      <p className="muted">
        Didn&apos;t find your answer? <Link href="/portal/support">Ask support</Link>.
      </p>
    </>
  );
}
