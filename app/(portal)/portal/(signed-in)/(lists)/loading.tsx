export default function Loading() {
  return (
    <div role="status" aria-live="polite">
      <span className="skip">Loading…</span>
      <div className="p-skeleton" style={{ width: "40%", height: 28 }} />
      <div className="p-card">
        <div className="p-skeleton" />
        <div className="p-skeleton" style={{ width: "80%" }} />
        <div className="p-skeleton" style={{ width: "60%" }} />
      </div>
    </div>
  );
}
