import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { TicketForm } from "../_components/ticket-form";

export const metadata = { title: "New ticket · Recurring Billing" };

export default async function NewTicketPage({ params }: { params: Promise<{ brandId: string }> }) {
  const { brandId } = await params;
  await dashboardContext(brandId);
  return (
    <>
      <p className="breadcrumb">
        <Link href={`/dashboard/${brandId}/tickets`}>Tickets</Link> / New
      </p>
      <h1>New ticket</h1>
      <div className="card">
        <TicketForm brandId={brandId} />
      </div>
    </>
  );
}
