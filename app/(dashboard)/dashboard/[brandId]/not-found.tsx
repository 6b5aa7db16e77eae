import Link from "next/link";

export default function NotFound() {
  return (
    <main className="page">
      <h1>Not found</h1>
      <p>This brand or record does not exist, or it is not one of your service account&apos;s.</p>
      <Link href="/dashboard">Back to the dashboard</Link>
    </main>
  );
}
