import { formatInstant } from "@/lib/format";

/** When a record was made and, if it was, deleted: the last rows of a detail page's list of facts. */
export function RecordDates({ createdAt, deletedAt }: { createdAt: Date; deletedAt: Date | null }) {
  return (
    <>
      <dt>Created</dt>
      <dd>{formatInstant(createdAt)}</dd>
      {deletedAt && (
        <>
          <dt>Deleted</dt>
          <dd>{formatInstant(deletedAt)}</dd>
        </>
      )}
    </>
  );
}

/** A catalog record's "About" card: its description, custom fields, id and dates. */
export function RecordAbout({
  noun,
  record: r,
}: {
  /** "Product", as in "Product id". */
  noun: string;
  record: { id: string; description: string; customField1: string | null; customField2: string | null; createdAt: Date; deletedAt: Date | null };
}) {
  return (
    <section className="card" aria-labelledby="about">
      <h2 id="about">About</h2>
      <dl className="details">
        <dt>Description</dt>
        <dd style={{ whiteSpace: "pre-line" }}>{r.description}</dd>
        <dt>Custom field 1</dt>
        <dd>{r.customField1 ?? "—"}</dd>
        <dt>Custom field 2</dt>
        <dd>{r.customField2 ?? "—"}</dd>
        <dt>{noun} id</dt>
        <dd>
          <code>{r.id}</code>
        </dd>
        <RecordDates createdAt={r.createdAt} deletedAt={r.deletedAt} />
      </dl>
    </section>
  );
}
