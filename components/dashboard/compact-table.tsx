import Link from "next/link";
import type { ReactNode } from "react";
import { Table, type Column } from "@/components/ui/table";
import { Section } from "./detail";

export type CompactColumn<T> = Column<T>;

/**
 * One section of a record's page: a heading with its count, a small table of the latest rows
 * (each linking to its record), what to say when there are none, and a link to the rest.
 */
export function CompactSection<T>({
  id,
  title,
  list: { rows, total = rows.length },
  columns,
  empty,
  more,
  actions,
  regionLabel,
}: {
  id: string;
  title: string;
  /** The rows shown, and how many there are in all (by default, those shown): a list page query's answer. */
  list: { rows: readonly T[]; total?: number };
  columns: readonly CompactColumn<T>[];
  empty: string;
  more?: { href: string; label: string };
  actions?: ReactNode;
  /** The table's accessible name; by default "<title> of this account" (the customer hub's). */
  regionLabel?: string;
}) {
  return (
    <Section id={id} title={`${title} (${total})`} actions={actions}>
      {rows.length === 0 ? <p className="muted">{empty}</p> : <Table label={regionLabel ?? `${title} of this account`} columns={columns} rows={rows} />}
      {total > rows.length && (
        <p className="muted section-more">
          The latest {rows.length} of {total}. {more && <Link href={more.href}>{more.label}</Link>}
        </p>
      )}
    </Section>
  );
}

/** A section's way to add one more of its records: the create page with this record chosen. */
export function NewFor({ href, label }: { href: string; label: string }) {
  return (
    <Link className="button secondary small" href={href}>
      {label}
    </Link>
  );
}
