import Link from "next/link";
import type { Context } from "@/lib/auth/context";
import { recordHistory } from "@/lib/audit/queries";
import { formatInstant } from "@/lib/format";
import { AUDIT_ACTION_LABEL } from "./audit-links";
import { AuditChanges } from "./audit-changes";

const SHOWN = 20;

/**
 * A record's history from the audit trail, for its detail page: who changed what (old and new
 * values, secrets masked), when and from where, newest first; the audit page has the rest.
 */
export async function RecordHistory({ ctx, recordId, brandId }: { ctx: Context; recordId: string; brandId: string }) {
  const { rows, total } = await recordHistory(ctx, recordId, { limit: SHOWN });
  return (
    <section className="card record-history" aria-labelledby="history">
      <h2 id="history">History ({total})</h2>
      {rows.length === 0 ? (
        <p className="muted">No recorded changes.</p>
      ) : (
        <ol className="timeline">
          {rows.map((e) => (
            <li key={e.id}>
              <time dateTime={e.at}>{formatInstant(e.at)}</time>
              <span className="what">
                <strong>
                  {AUDIT_ACTION_LABEL[e.action] ?? e.action} by {e.actor}
                </strong>
                <span className="muted">
                  {[e.clientAddress && `from ${e.clientAddress}`, e.requestId && e.requestId !== "system" && `request ${e.requestId}`]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
                {e.action === "update" && <AuditChanges changes={e.changes} />}
              </span>
            </li>
          ))}
        </ol>
      )}
      {total > rows.length && (
        <p>
          <Link href={`/dashboard/${brandId}/audit?record=${recordId}`}>All {total} changes in the audit log</Link>
        </p>
      )}
    </section>
  );
}
