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

export function DeliveryStatus({ status, replays }: { status: string; replays: number }) {
  const [label, tone] = STATUS_LABEL[status] ?? [status, "info"];
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
