import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { NoteForm } from "../_components/note-form";

export const metadata = { title: "New note · Recurring Billing" };

const LINKS = ["customer_account_id", "subscription_id", "invoice_id"] as const;

export default async function NewNotePage({
  params,
  searchParams,
}: {
  params: Promise<{ brandId: string }>;
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const { brandId } = await params;
  await dashboardContext(brandId);
  const sp = await searchParams;
  // Linked from a record's page (?invoice_id=...): the note starts attached to it.
  const preset = Object.fromEntries(LINKS.filter((k) => typeof sp[k] === "string").map((k) => [k, sp[k]!]));
  return (
    <>
      <p className="breadcrumb">
        <Link href={`/dashboard/${brandId}/notes`}>Notes</Link> / New
      </p>
      <h1>New note</h1>
      <p className="muted">Attach the note to at least one of a customer account, a subscription or an invoice.</p>
      <div className="card">
        <NoteForm brandId={brandId} preset={preset} />
      </div>
    </>
  );
}
