"use client";

/** Shown when a dashboard page fails unexpectedly; the details are in the server log. */
export default function DashboardError({ reset }: { error: Error; reset: () => void }) {
  return (
    <div className="alert error" role="alert">
      <h1>Something went wrong</h1>
      <p>This page could not be shown. Nothing was changed. Try again, or come back in a moment.</p>
      <button type="button" className="button primary" onClick={() => reset()}>
        Try again
      </button>
    </div>
  );
}
