"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import { shortId } from "@/lib/format";
import { AUDIT_ACTION_LABEL, auditRecordHref } from "@/components/dashboard/audit-links";
import { AuditChanges } from "@/components/dashboard/audit-changes";
import type { AuditRow } from "@/lib/audit/queries";

const TONE: Record<string, string> = { create: "ok", update: "info", delete: "bad" };

export const AuditTable = listTable<AuditRow, { searching: boolean }>(({ brandId, searching }, t) => ({
  label: "Audit log",
  columns: [
    t.instant("at", "When", "at"),
    // Who, and from where under it: a column less, so the changes get the room.
    t.text(
      "actor",
      "Who",
      (e) => (
        <>
          {e.actor}
          {(e.clientAddress || (e.requestId && e.requestId !== "system")) && (
            <span className="muted audit-from">
              {[e.clientAddress && `from ${e.clientAddress}`, e.requestId && e.requestId !== "system" && `request ${e.requestId}`].filter(Boolean).join(" · ")}
            </span>
          )}
        </>
      ),
      { sort: false, wrap: true },
    ),
    t.text(
      "record",
      "Record",
      (e) => {
        const href = auditRecordHref(brandId, e.resource, e.recordId);
        const label = `${e.resourceLabel} …${shortId(e.recordId)}`;
        return href && e.action !== "delete" ? <Link href={href}>{label}</Link> : label;
      },
      { sort: false, wrap: true },
    ),
    t.text("action", "Action", (e) => <span className={`badge ${TONE[e.action] ?? "info"}`}>{AUDIT_ACTION_LABEL[e.action]}</span>, { sort: false }),
    t.text(
      "changes",
      "Changes",
      (e) =>
        e.action === "update" ? (
          <AuditChanges changes={e.changes} />
        ) : (
          <span className="muted">
            {e.changes.length} {e.changes.length === 1 ? "field" : "fields"}
          </span>
        ),
      { sort: false, wrap: true },
    ),
  ],
  getRowId: (r) => String(r.id),
  empty: searching ? "No changes match this search." : "No changes recorded yet.",
}));
