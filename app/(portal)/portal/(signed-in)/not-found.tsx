import Link from "next/link";

export default function NotFound() {
  return (
    <div className="p-card">
      <h1>Not found</h1>
      <p className="lede">We couldn&apos;t find that page in your account. It may have been removed, or the link may be wrong.</p>
      <Link className="p-button" href="/portal">
        Back to your overview
      </Link>
    </div>
  );
}
