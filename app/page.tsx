import Link from "next/link";

export default function Home() {
  return (
    <main className="page">
      <h1>Recurring Billing</h1>
      <p className="muted">Subscriptions, invoices, payments, dunning, customer accounts and support for up to ten brands.</p>
      <div className="card">
        <h2>API</h2>
        <p>
          Base URL <code>/api</code>; every call is <code>/api/&#123;json|xml&#125;/&#123;Resource&#125;/&#123;Action&#125;</code> with the headers{" "}
          <code>X-Api-Key</code>, <code>X-User-Key</code> and <code>X-Brand-Id</code>.
        </p>
        <pre>curl -H &quot;X-Api-Key: …&quot; -H &quot;X-User-Key: …&quot; -H &quot;X-Brand-Id: …&quot; http://localhost:3000/api/json/Brand/List</pre>
        <p>
          <Link href="/docs">API reference</Link> · <a href="/api/openapi.json">OpenAPI document</a> · <a href="/api/health">Health</a>
        </p>
      </div>
    </main>
  );
}
