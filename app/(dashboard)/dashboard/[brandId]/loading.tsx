/** Shown while a dashboard page's data loads. */
export default function Loading() {
  return (
    <div className="loading" role="status" aria-live="polite">
      <div className="skeleton title" />
      <div className="skeleton bar" />
      <div className="skeleton block" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
