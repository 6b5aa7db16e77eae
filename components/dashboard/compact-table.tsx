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
  total,
  rows,
  columns,
  rowKey,
  empty,
  more,
  actions,
  regionLabel,
}: {
  id: string;
  title: string;
  /** How many there are in all (by default, the rows shown). */
  total?: number;
  rows: readonly T[];
  columns: readonly CompactColumn<T>[];
  rowKey?: (row: T) => string;
  empty: string;
  more?: { href: string; label: string };
  actions?: ReactNode;
  /** The table's accessible name; by default "<title> of this account" (the customer hub's). */
  regionLabel?: string;
}) {
  const all = total ?? rows.length;
  return (
    <Section id={id} title={`${title} (${all})`} actions={actions}>
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <Table label={regionLabel ?? `${title} of this account`} columns={columns} rows={rows} rowKey={rowKey} />
      )}
      {all > rows.length && (
        <p className="muted section-more">
          The latest {rows.length} of {all}. {more && <Link href={more.href}>{more.label}</Link>}
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
