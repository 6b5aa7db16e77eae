import Link from "next/link";
import { Fragment, type ReactNode } from "react";
import { formatInstant } from "@/lib/format";

/**
 * A record page's top: the breadcrumb back to its list, the heading (the record's name and its
 * badges) and its actions.
 */
export function DetailHead({
  list,
  title,
  crumb = title,
  badge,
  children,
}: {
  /** The list the record is in. */
  list: { href: string; label: string };
  title: ReactNode;
  /** The record in the breadcrumb, when it is not the title. */
  crumb?: ReactNode;
  badge?: ReactNode;
  /** The actions. */
  children?: ReactNode;
}) {
  return (
    <>
      <p className="breadcrumb">
        <Link href={list.href}>{list.label}</Link> / {crumb}
      </p>
      <div className="page-head">
        <h1>
          {title}
          {badge ? <> {badge}</> : null}
        </h1>
        <div className="actions">{children}</div>
      </div>
    </>
  );
}

/** A record page's secondary action that opens a page (Edit, Change product). */
export function EditLink({ href, children = "Edit" }: { href: string; children?: ReactNode }) {
  return (
    <Link href={href} className="button secondary">
      {children}
    </Link>
  );
}

/**
 * One fact of a record: its label, its value, and how the value is set (num: a figure; prose: text
 * whose line breaks are kept). A fact that does not apply is left out (false, null).
 */
export type Fact = readonly [label: ReactNode, value: ReactNode, look?: "num" | "prose"] | false | null | undefined | "" | 0;

const PROSE = { whiteSpace: "pre-line" } as const;

/** A record's facts as a list of terms and values. */
export function Facts({ facts, testId }: { facts: readonly Fact[]; testId?: string }) {
  return (
    <dl className="details" data-testid={testId}>
      {facts.map((f, i) =>
        !f ? null : (
          <Fragment key={i}>
            <dt>{f[0]}</dt>
            <dd className={f[2] === "num" ? "num" : undefined} style={f[2] === "prose" ? PROSE : undefined}>
              {f[1]}
            </dd>
          </Fragment>
        ),
      )}
    </dl>
  );
}

/** When a record was made (or `created`: "Added") and, if it was, deleted: the last facts of a record. */
export const recordDates = (createdAt: Date | string, deletedAt?: Date | string | null, created = "Created"): Fact[] => [
  [created, formatInstant(createdAt)],
  deletedAt ? ["Deleted", formatInstant(deletedAt)] : null,
];

/** A card of a record's page: its heading (and, beside it, its actions) over what `children` shows. */
export function Section({
  id,
  title,
  actions,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  actions?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  const heading = <h2 id={id}>{title}</h2>;
  return (
    <section className={className ? `card ${className}` : "card"} aria-labelledby={id}>
      {actions ? (
        <div className="section-head">
          {heading}
          <div className="actions">{actions}</div>
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

/** A card of a record's facts, and what follows them (`children`: a control). */
export function FactsCard({ id, title, facts, children }: { id: string; title: ReactNode; facts: readonly Fact[]; children?: ReactNode }) {
  return (
    <Section id={id} title={title}>
      <Facts facts={facts} />
      {children}
    </Section>
  );
}

/**
 * A page with a form that makes or changes a record (New, Edit, Change product): the breadcrumb
 * through its list (and the record) to this step, its heading, what it says first (`intro`), and the
 * form (`children`) in a card.
 */
export function FormPage({
  list,
  record,
  step = "Edit",
  title,
  intro,
  children,
}: {
  list: { href: string; label: string };
  record?: { href: string; label: ReactNode };
  step?: string;
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <p className="breadcrumb">
        <Link href={list.href}>{list.label}</Link> /{" "}
        {record && (
          <>
            <Link href={record.href}>{record.label}</Link> /{" "}
          </>
        )}
        {step}
      </p>
      <h1>{title}</h1>
      {intro}
      <div className="card">{children}</div>
    </>
  );
}
