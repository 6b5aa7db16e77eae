"use client";

/** Something failed while reading: say so plainly and offer to try again (the details are in the log). */
export default function PortalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="p-card" role="alert">
      <h1>Something went wrong</h1>
      <p className="lede">We couldn&apos;t load this page. Please try again in a moment.{error.digest ? ` (Reference ${error.digest})` : null}</p>
      <button className="p-button" type="button" onClick={reset}>
        Try again
      </button>
    </div>
  );
}
