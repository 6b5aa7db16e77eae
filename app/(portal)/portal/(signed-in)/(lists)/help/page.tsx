import Link from "next/link";
import { helpCentre } from "@/lib/knowledge/read";
import { customerPage } from "../../../_lib/data";
import { TagLinks } from "../../../_components/tags";

export const metadata = { title: "Help" };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

/** The brand's help articles by category; ?tag= keeps the articles with a tag containing it. */
export default async function Help({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const tag = one((await searchParams).tag)
    .trim()
    .slice(0, 100);
  const { ctx, profile } = await customerPage();
  const { categories, total } = await helpCentre(ctx, { tag });
  return (
    <>
      <h1>Help</h1>
      <p className="lede">Answers to common questions about {profile.brand.name}.</p>
      <form className="p-card p-search" role="search" action="/portal/help">
        <label className="p-field">
          <span>Search by tag</span>
          <input name="tag" type="search" defaultValue={tag} placeholder="for example billing" maxLength={100} autoCapitalize="none" />
        </label>
        <button className="p-button" type="submit">
          Search
        </button>
        {tag ? (
          <Link className="p-button secondary" href="/portal/help">
            Show all
          </Link>
        ) : null}
      </form>
      {tag ? (
        <p role="status" className="muted">
          {total === 0 ? "No articles" : total === 1 ? "1 article" : `${total} articles`} tagged “{tag}”.
        </p>
      ) : null}
      {categories.length === 0 ? (
        <section className="p-card">
          <div className="p-empty">
            <strong>{tag ? "Nothing matches this tag" : "No help articles yet"}</strong>
            {tag ? <Link href="/portal/help">See every article</Link> : null}
            {!tag ? (
              <>
                Questions? <Link href="/portal/support">Ask support</Link>.
              </>
            ) : null}
          </div>
        </section>
      ) : (
        categories.map((c) => (
          <section key={c.id} className="p-card" aria-labelledby={`cat-${c.id}`}>
            <h2 id={`cat-${c.id}`}>{c.name}</h2>
            <ul className="p-list">
              {c.articles.map((a) => (
                <li key={a.id} className="p-article-item">
                  <span>
                    <Link href={`/portal/help/${a.id}`}>{a.title}</Link>
                    {a.summary ? <span className="p-article-summary muted">{a.summary}</span> : null}
                  </span>
                  <TagLinks tags={a.tags} />
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </>
  );
}
