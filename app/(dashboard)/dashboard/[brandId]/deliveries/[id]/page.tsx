import Link from "next/link";
import { notFound } from "next/navigation";
import { deliveryDetail } from "@/lib/deliveries/deliveries";
import { formatInstant, shortId } from "@/lib/format";
import { SimpleTable } from "@/components/ui/table";
import { DetailHead, FactsCard, Section } from "@/components/dashboard/detail";
import { openRecord, type RecordPageProps } from "../../_components/load-record";
import { DeliveryStatus } from "../_components/labels";
import { ReplayButton } from "../_components/replay-buttons";

export const metadata = { title: "Delivery · Recurring Billing" };

export default async function DeliveryPage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  const d = await deliveryDetail(ctx, id);
  if (!d) notFound();
  const title = `${d.type} …${shortId(d.delivery_id)}`;
  const post = d.channel === "post";
  const posted = (d.payload as { fields?: unknown }).fields;
  const fields = post && Array.isArray(posted) ? (posted as [string, string][]) : null;
  return (
    <>
      <DetailHead
        list={{ href: `${dash}/deliveries`, label: "Deliveries" }}
        title={title}
        badge={<DeliveryStatus status={d.status} replays={d.replay_count} kept={d.kept} />}
      >
        {d.replayable ? (
          <ReplayButton
            brandId={brandId}
            delivery={{
              delivery_id: d.delivery_id,
              type: d.type,
              channel: d.channel,
              status: d.status,
              target: d.target,
              replay_count: d.replay_count,
              failed_recipients: d.emails.filter((e) => e.status === "failed").map((e) => e.recipient),
            }}
          />
        ) : (
          d.replay_refusal && <p className="hint">Not replayable: {d.replay_refusal}</p>
        )}
      </DetailHead>
      <FactsCard
        id="details"
        title="Details"
        facts={[
          [
            "Delivery id",
            <>
              <code>{d.delivery_id}</code>
              {post && <span className="hint"> sent as X-Billing-Delivery, the same on every attempt and replay</span>}
            </>,
          ],
          ["Kind", post ? "Post" : "Email"],
          ["To", d.target || "—"],
          [
            "Customer",
            d.customer_account_id ? <Link href={`${dash}/accounts/${d.customer_account_id}`}>{d.customer_name ?? d.customer_account_id}</Link> : "—",
          ],
          ["Created", formatInstant(d.created_at)],
          [d.kept === "mailbox" ? "Kept in the local mailbox" : "Delivered", formatInstant(d.delivered_at)],
          ["Attempts", d.attempts],
          ["Next retry", d.next_attempt_at ? formatInstant(d.next_attempt_at) : "—"],
          d.last_error && ["Last error", d.last_error],
          ["Replayed", d.replay_count ? `${d.replay_count} time${d.replay_count > 1 ? "s" : ""}, last ${formatInstant(d.replayed_at)}` : "Never"],
        ]}
      />
      <Section id="attempts" title="Attempts" className="delivery-attempts">
        {d.attempt_log.length ? (
          <SimpleTable
            label="Attempt log"
            head={["Run", "Attempt", "Outcome", "Response or error", "When"]}
            numeric={[1]}
            stackOnPhone
            rows={d.attempt_log.map((a) => [
              a.replay ? `Replay ${a.replay}` : "Original",
              String(a.attempt),
              a.ok ? (d.kept === "mailbox" ? "Kept in the local mailbox" : d.kept === "none" ? "Nothing to send" : "Delivered") : "Failed",
              a.detail ?? "—",
              formatInstant(a.attempted_at),
            ])}
          />
        ) : (
          <p className="hint">Not tried yet.</p>
        )}
      </Section>
      {!post && (
        <Section id="emails" title="Emails" className="delivery-emails">
          {d.emails.length ? (
            <SimpleTable
              label="Email recipients"
              head={["Recipient", "Audience", "Subject", "Status", "Tries", "Error"]}
              numeric={[4]}
              stackOnPhone
              rows={d.emails.map((e) => [
                e.recipient,
                e.audience,
                e.subject,
                e.status === "mailbox" ? "kept in the local mailbox" : e.status,
                String(e.attempts),
                e.error ?? "—",
              ])}
            />
          ) : (
            <p className="hint">No email was addressed (the outcome of each attempt says why).</p>
          )}
        </Section>
      )}
      <Section id="payload" title="Payload" className="delivery-payload">
        {fields ? (
          <>
            <p className="hint">Posted in this order as a form (application/x-www-form-urlencoded) to {d.target}.</p>
            <SimpleTable label="Posted fields" head={["Field", "Value"]} rows={fields.map(([k, v]) => [k, v || "—"])} />
          </>
        ) : (
          <pre tabIndex={0}>{JSON.stringify(d.payload, null, 2)}</pre>
        )}
      </Section>
    </>
  );
}
