import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { searchBrand } from "@/lib/dashboard/search";

export const metadata = { title: "Search · Recurring Billing" };

const PER_KIND = 20;

/** The global search's full results: each kind's first matches, with a link to its list filtered the same way. */
export default async function SearchPage({ params, searchParams }: { params: Promise<{ brandId: string }>; searchParams: Promise<{ q?: string | string[] }> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const raw = (await searchParams).q;
  const q = (Array.isArray(raw) ? raw[0] : raw)?.trim().slice(0, 200) ?? "";
  const groups = await searchBrand(ctx, q, PER_KIND);
  const total = groups.reduce((n, g) => n + g.total, 0);
  return (
    <>
      <div className="page-head">
        <h1>Search</h1>
      </div>
      <form role="search" method="get" className="form inline-form card" action={`/dashboard/${brandId}/search`}>
        <div className="field grow">
          <label htmlFor="search-q">Customers, subscriptions, invoices and tickets</label>
          <input id="search-q" name="q" type="search" defaultValue={q} placeholder="Name, email, company, id or ticket number" />
        </div>
        <button type="submit" className="button primary">
          Find
        </button>
      </form>
      {q.length < 2 ? (
        <p className="muted">Type at least 2 characters. Tip: press / or Ctrl+K anywhere in the dashboard to search.</p>
      ) : total === 0 ? (
        <p className="table-empty card" role="status">
          Nothing matches “{q}”.
        </p>
      ) : (
        <>
          <p className="muted" role="status">
            {total} result{total === 1 ? "" : "s"} for “{q}”.
          </p>
          {groups
            .filter((g) => g.total > 0)
            .map((g) => (
              <section key={g.label} className="card search-results" aria-labelledby={`found-${g.label}`}>
                <h2 id={`found-${g.label}`}>
                  {g.label} ({g.total})
                </h2>
                <ul>
                  {g.results.map((r) => (
                    <li key={r.id}>
                      <Link href={r.href}>
                        <span className="quick-find-title">{r.title}</span>
                        <span className="muted">{r.detail}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
                {g.total > g.results.length && (
                  <p>
                    <Link href={g.moreHref}>
                      All {g.total} {g.label.toLowerCase()} matching “{q}”
                    </Link>
                  </p>
                )}
              </section>
            ))}
        </>
      )}
    </>
  );
}
