export const STATUS_LABEL: Record<string, [label: string, tone: string]> = {
  queued: ["Queued", "info"],
  retrying: ["Retrying", "warn"],
  delivered: ["Delivered", "ok"],
  failed: ["Failed", "bad"],
};

export const STATUS_OPTIONS = Object.entries(STATUS_LABEL).map(([value, [label]]) => ({ value, label }));
export const CHANNEL_OPTIONS = [
  { value: "email", label: "Emails" },
  { value: "post", label: "Posts" },
];

/** How a delivered email ended when no email left the machine. */
const KEPT_LABEL: Record<string, [label: string, tone: string]> = {
  mailbox: ["In local mailbox", "info"],
  none: ["Nothing to send", "info"],
};

export function DeliveryStatus({ status, replays, kept }: { status: string; replays: number; kept?: string | null }) {
  const [label, tone] = (kept && KEPT_LABEL[kept]) || STATUS_LABEL[status] || [status, "info"];
  return (
    <>
      <span className={`badge ${tone}`}>{label}</span>
      {replays > 0 && (
        <>
          {" "}
          <span className="badge info" title="Sent again by staff under the same delivery id">
            Replayed{replays > 1 ? ` ×${replays}` : ""}
          </span>
        </>
      )}
    </>
  );
}
