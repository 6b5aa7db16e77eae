import { FactsCard, recordDates } from "@/components/dashboard/detail";

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
    <FactsCard
      id="about"
      title="About"
      facts={[
        ["Description", r.description, "prose"],
        ["Custom field 1", r.customField1 ?? "—"],
        ["Custom field 2", r.customField2 ?? "—"],
        [`${noun} id`, <code>{r.id}</code>],
        ...recordDates(r.createdAt, r.deletedAt),
      ]}
    />
  );
}
