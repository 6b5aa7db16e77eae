import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { deliveryDetail } from "@/lib/deliveries/deliveries";
import { formatInstant, shortId } from "@/lib/format";
import { SimpleTable } from "@/components/ui/simple-table";
import { DeliveryStatus } from "../_components/labels";
import { ReplayButton } from "../_components/replay-buttons";

export const metadata = { title: "Delivery · Recurring Billing" };

export default async function DeliveryPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const d = await deliveryDetail(ctx, id);
  if (!d) notFound();
  const dash = `/dashboard/${brandId}`;
  const title = `${d.type} …${shortId(d.delivery_id)}`;
  const post = d.channel === "post";
  const posted = (d.payload as { fields?: unknown }).fields;
  const fields = post && Array.isArray(posted) ? (posted as [string, string][]) : null;
  return (
    <>
      <p className="breadcrumb">
        <Link href={`${dash}/deliveries`}>Deliveries</Link> / {title}
      </p>
      <div className="page-head">
        <h1>
          {title} <DeliveryStatus status={d.status} replays={d.replay_count} kept={d.kept} />
        </h1>
        <div className="actions">
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
        </div>
      </div>
      <section className="card" aria-labelledby="details">
        <h2 id="details">Details</h2>
        <dl className="details">
          <dt>Delivery id</dt>
          <dd>
            <code>{d.delivery_id}</code>
            {post && <span className="hint"> sent as X-Billing-Delivery, the same on every attempt and replay</span>}
          </dd>
          <dt>Kind</dt>
          <dd>{post ? "Post" : "Email"}</dd>
          <dt>To</dt>
          <dd>{d.target || "—"}</dd>
          <dt>Customer</dt>
          <dd>{d.customer_account_id ? <Link href={`${dash}/accounts/${d.customer_account_id}`}>{d.customer_name ?? d.customer_account_id}</Link> : "—"}</dd>
          <dt>Created</dt>
          <dd>{formatInstant(d.created_at)}</dd>
          <dt>{d.kept === "mailbox" ? "Kept in the local mailbox" : "Delivered"}</dt>
          <dd>{formatInstant(d.delivered_at)}</dd>
          <dt>Attempts</dt>
          <dd>{d.attempts}</dd>
          <dt>Next retry</dt>
          <dd>{d.next_attempt_at ? formatInstant(d.next_attempt_at) : "—"}</dd>
          {d.last_error && (
            <>
              <dt>Last error</dt>
              <dd>{d.last_error}</dd>
            </>
          )}
          <dt>Replayed</dt>
          <dd>{d.replay_count ? `${d.replay_count} time${d.replay_count > 1 ? "s" : ""}, last ${formatInstant(d.replayed_at)}` : "Never"}</dd>
        </dl>
      </section>
      <section className="card delivery-attempts" aria-labelledby="attempts">
        <h2 id="attempts">Attempts</h2>
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
      </section>
      {!post && (
        <section className="card delivery-emails" aria-labelledby="emails">
          <h2 id="emails">Emails</h2>
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
        </section>
      )}
      <section className="card delivery-payload" aria-labelledby="payload">
        <h2 id="payload">Payload</h2>
        {fields ? (
          <>
            <p className="hint">Posted in this order as a form (application/x-www-form-urlencoded) to {d.target}.</p>
            <SimpleTable label="Posted fields" head={["Field", "Value"]} rows={fields.map(([k, v]) => [k, v || "—"])} />
          </>
        ) : (
          <pre tabIndex={0}>{JSON.stringify(d.payload, null, 2)}</pre>
        )}
      </section>
    </>
  );
}
