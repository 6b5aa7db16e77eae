"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import type { FilterOption } from "@/components/data-table/data-table";
import { formatInstant, shortId } from "@/lib/format";
import { CHANNEL_OPTIONS, DeliveryStatus, STATUS_OPTIONS } from "./_components/labels";

export interface DeliveryTableRow {
  delivery_id: string;
  type: string;
  channel: "email" | "post";
  status: string;
  kept: "mailbox" | "none" | null;
  target: string;
  customer_account_id: string | null;
  customer_name: string | null;
  attempts: number;
  next_attempt_at: Date | string | null;
  created_at: Date | string;
  replay_count: number;
}

export const DeliveriesTable = listTable<DeliveryTableRow, { types: FilterOption[] }>(({ types }, t) => ({
  label: "Deliveries",
  columns: [
    t.text(
      "type",
      "Event",
      (d) => (
        <Link href={t.href(`deliveries/${d.delivery_id}`)}>
          {d.type} <span className="muted">…{shortId(d.delivery_id)}</span>
        </Link>
      ),
      { wrap: true },
    ),
    t.text("channel", "Kind", (d) => (d.channel === "post" ? "Post" : "Email"), { sort: false }),
    t.text("target", "To", (d) => d.target || <span className="muted">—</span>, { sort: false, wrap: true }),
    t.link(
      "customer",
      "Customer",
      (d) => d.customer_account_id && `accounts/${d.customer_account_id}`,
      (d) => d.customer_name ?? `…${shortId(d.customer_account_id)}`,
      { sort: false, wrap: true, otherwise: "—" },
    ),
    // The next try belongs to a queued or retrying status: under it, not a column of dashes.
    t.text(
      "status",
      "Status",
      (d) => (
        <>
          <DeliveryStatus status={d.status} replays={d.replay_count} kept={d.kept} />
          {d.next_attempt_at && <span className="muted stacked-note">next try {formatInstant(d.next_attempt_at)}</span>}
        </>
      ),
      { wrap: true },
    ),
    t.text("attempts", "Attempts", "attempts", { numeric: true }),
    t.created("created_at"),
  ],
  getRowId: (r) => r.delivery_id,
  searchPlaceholder: "Address, URL, event or anything in the payload",
  filters: [
    { name: "status", label: "Status", options: STATUS_OPTIONS },
    { name: "channel", label: "Kind", options: CHANNEL_OPTIONS, more: true },
    { name: "type", label: "Event", options: types, more: true },
  ],
  accountFilter: { name: "customer", label: "Customer" },
  dateRanges: [{ name: "created", label: "Created" }],
  empty: "No emails or posts yet: each notification and action URL event sent appears here.",
}));
