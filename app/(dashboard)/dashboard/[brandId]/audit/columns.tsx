"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import { formatInstant, shortId } from "@/lib/format";
import { AUDIT_ACTION_LABEL, auditRecordHref } from "@/components/dashboard/audit-links";
import { AuditChanges } from "@/components/dashboard/audit-changes";
import type { AuditRow } from "@/lib/audit/queries";

const TONE: Record<string, string> = { create: "ok", update: "info", delete: "bad" };

function columns(brandId: string): ColumnDef<AuditRow, unknown>[] {
  return [
    { id: "at", header: "When", cell: ({ row }) => formatInstant(row.original.at) },
    {
      // Who, and from where under it: a column less, so the changes get the room.
      id: "actor",
      header: "Who",
      enableSorting: false,
      meta: { wrap: true },
      cell: ({ row: { original: e } }) => (
        <>
          {e.actor}
          {(e.clientAddress || (e.requestId && e.requestId !== "system")) && (
            <span className="muted audit-from">
              {[e.clientAddress && `from ${e.clientAddress}`, e.requestId && e.requestId !== "system" && `request ${e.requestId}`].filter(Boolean).join(" · ")}
            </span>
          )}
        </>
      ),
    },
    {
      id: "record",
      header: "Record",
      enableSorting: false,
      meta: { wrap: true },
      cell: ({ row: { original: e } }) => {
        const href = auditRecordHref(brandId, e.resource, e.recordId);
        const label = `${e.resourceLabel} …${shortId(e.recordId)}`;
        return href && e.action !== "delete" ? <Link href={href}>{label}</Link> : label;
      },
    },
    {
      id: "action",
      header: "Action",
      enableSorting: false,
      cell: ({ row }) => <span className={`badge ${TONE[row.original.action] ?? "info"}`}>{AUDIT_ACTION_LABEL[row.original.action]}</span>,
    },
    {
      id: "changes",
      header: "Changes",
      enableSorting: false,
      meta: { wrap: true },
      cell: ({ row: { original: e } }) =>
        e.action === "update" ? (
          <AuditChanges changes={e.changes} />
        ) : (
          <span className="muted">
            {e.changes.length} {e.changes.length === 1 ? "field" : "fields"}
          </span>
        ),
    },
  ];
}

export const AuditTable = listTable<AuditRow, { searching: boolean }>(({ brandId, searching }) => ({
  label: "Audit log",
  columns: columns(brandId),
  getRowId: (r) => String(r.id),
  empty: searching ? "No changes match this search." : "No changes recorded yet.",
}));
