"use client";

import { useState } from "react";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { useConfirmAction } from "@/components/ui/confirm-dialog";
import { replayDelivery, replayFailedDeliveries } from "../actions";

/** Replays one delivery; the dialog says exactly what goes out and to whom. */
export function ReplayButton({
  brandId,
  delivery,
}: {
  brandId: string;
  delivery: { delivery_id: string; type: string; channel: "email" | "post"; status: string; target: string; replay_count: number; failed_recipients: string[] };
}) {
  const run = useConfirmAction();
  const post = delivery.channel === "post";
  return (
    <ConfirmButton
      label="Replay"
      title={`Replay ${delivery.type}?`}
      confirmLabel={post ? "Send the post again" : "Send the emails again"}
      onConfirm={run(() => replayDelivery(brandId, { delivery_id: delivery.delivery_id }))}
    >
      {post ? (
        <p>
          The same fields are posted again to <strong>{delivery.target}</strong>, signed now with the brand&apos;s webhook secret. The receiver sees the same
          delivery id (<code>X-Billing-Delivery: {delivery.delivery_id}</code>) with <code>X-Billing-Replay: {delivery.replay_count + 1}</code>, so it can tell
          it already has this event.
        </p>
      ) : (
        <p>
          The email is sent again to{" "}
          <strong>{delivery.failed_recipients.length ? delivery.failed_recipients.join(", ") : "its recipients that have not received it"}</strong>. Recipients
          who already received it are skipped.
        </p>
      )}
      <p>
        {delivery.status === "delivered"
          ? "It was delivered already: send it again only if the receiver lost it."
          : "It goes out within a minute and is retried with backoff if it fails again."}
      </p>
    </ConfirmButton>
  );
}

/** Replays every failed delivery of the current filters' range of days (the server counts them first). */
export function ReplayRangeButton({
  brandId,
  range,
  failed,
  label,
}: {
  brandId: string;
  /** Wire parameters: from, to (M/D/YYYY) and the list's channel, type and customer filters. */
  range: Record<string, string>;
  failed: number;
  /** The range as people read it. */
  label: string;
}) {
  const run = useConfirmAction();
  const [done, setDone] = useState<string | null>(null);
  return (
    <div className="replay-range-body">
      {failed === 0 ? (
        <p className="hint">No failed delivery was created {label} (with the kind, event and customer chosen below).</p>
      ) : (
        <>
          <p>
            {failed} failed {failed === 1 ? "delivery was" : "deliveries were"} created {label} (with the kind, event and customer chosen below).
          </p>
          <ConfirmButton
            label={`Replay ${failed} failed`}
            title={`Replay ${failed} failed ${failed === 1 ? "delivery" : "deliveries"}?`}
            confirmLabel={`Replay ${failed}`}
            onConfirm={run(async () => {
              const r = await replayFailedDeliveries(brandId, range);
              if (r.ok) {
                const { replayed, remaining } = r.data as { replayed: number; remaining: number };
                setDone(`${replayed} queued again${remaining ? `; ${remaining} left, replay again for the rest` : ""}.`);
              }
              return r;
            })}
          >
            <p>
              Every failed delivery created {label} that matches the filters is sent again under its own id, marked as a replay: posts to their URLs (signed,
              with <code>X-Billing-Replay</code>), emails to the recipients that did not get them. Up to 500 at a time.
            </p>
            <p>Deliveries that carried a one-time password or code are left out: ask for a new one instead.</p>
          </ConfirmButton>
        </>
      )}
      {done && (
        <p className="hint" role="status">
          {done}
        </p>
      )}
    </div>
  );
}
