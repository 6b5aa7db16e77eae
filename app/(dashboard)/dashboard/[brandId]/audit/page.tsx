import Link from "next/link";
import { AUDIT_ACTIONS, AUDIT_RESOURCES, AUDIT_SORT_KEYS, auditPage, type AuditAction } from "@/lib/audit/queries";
import { ListPage, openList, type ListPageProps } from "../_components/list-page";
import { AUDIT_ACTION_LABEL } from "@/components/dashboard/audit-links";
import { AuditTable } from "./columns";

export const metadata = { title: "Audit log · Recurring Billing" };

const first = (v: string | string[] | undefined) => ((Array.isArray(v) ? v[0] : v) ?? "").trim().slice(0, 200);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A YYYY-MM-DD day's start in UTC, or null; `next` gives the following day's (an inclusive "to"). */
function dayStart(v: string, next = false) {
  if (!DAY.test(v)) return null;
  const t = Date.parse(`${v}T00:00:00Z`);
  return Number.isNaN(t) ? null : new Date(t + (next ? 86_400_000 : 0));
}

/**
 * Who changed what, searchable by resource, record id, actor, action and date range (UTC days).
 * ADMIN and USER staff both read it: support needs to see who changed a customer's records, and
 * secrets are masked in the trail itself.
 */
export default async function AuditPage(props: ListPageProps) {
  const { ctx, query, base, table } = await openList(props, "audit", { sortKeys: AUDIT_SORT_KEYS, defaultSort: { key: "at", dir: "desc" } });
  const sp = await props.searchParams;
  const form = {
    resource: first(sp.resource) in AUDIT_RESOURCES ? first(sp.resource) : "",
    action: (AUDIT_ACTIONS as readonly string[]).includes(first(sp.action)) ? first(sp.action) : "",
    record: first(sp.record),
    actor: first(sp.actor),
    from: DAY.test(first(sp.from)) ? first(sp.from) : "",
    to: DAY.test(first(sp.to)) ? first(sp.to) : "",
  };
  const filters = {
    resource: form.resource || null,
    action: (form.action || null) as AuditAction | null,
    recordId: form.record || null,
    actor: form.actor || null,
    from: dayStart(form.from),
    to: dayStart(form.to, true),
  };
  const searching = Object.values(form).some(Boolean);
  return (
    <ListPage
      title="Audit log"
      intro={
        <form className="card filters audit-search" method="get" action={base} role="search" aria-label="Search the audit log">
          <div className="audit-field">
            <label htmlFor="audit-resource">Resource</label>
            <select id="audit-resource" name="resource" defaultValue={form.resource}>
              <option value="">Any</option>
              {Object.entries(AUDIT_RESOURCES).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="audit-field">
            <label htmlFor="audit-action">Action</label>
            <select id="audit-action" name="action" defaultValue={form.action}>
              <option value="">Any</option>
              {AUDIT_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {AUDIT_ACTION_LABEL[a]}
                </option>
              ))}
            </select>
          </div>
          <div className="audit-field">
            <label htmlFor="audit-record">Record id</label>
            <input id="audit-record" name="record" defaultValue={form.record} placeholder="e.g. 0199…" spellCheck={false} />
          </div>
          <div className="audit-field">
            <label htmlFor="audit-actor">Who</label>
            <input id="audit-actor" name="actor" defaultValue={form.actor} placeholder="Name, email, key name or “system”" />
          </div>
          <div className="audit-field">
            <label htmlFor="audit-from">From (UTC day)</label>
            <input id="audit-from" type="date" name="from" defaultValue={form.from} />
          </div>
          <div className="audit-field">
            <label htmlFor="audit-to">To (UTC day)</label>
            <input id="audit-to" type="date" name="to" defaultValue={form.to} />
          </div>
          <div className="form-actions">
            <button type="submit" className="button primary">
              Search
            </button>
            {searching && (
              <Link href={base} className="button secondary">
                Clear
              </Link>
            )}
          </div>
        </form>
      }
      base={base}
      load={() => auditPage(ctx, { filters, page: query.page, pageSize: query.pageSize, dir: query.sort?.dir ?? "desc" })}
    >
      {(result) => <AuditTable {...table(result)} searching={searching} />}
    </ListPage>
  );
}
