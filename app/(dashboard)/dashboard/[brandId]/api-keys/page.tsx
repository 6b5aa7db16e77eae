import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { listApiKeys } from "@/lib/keys/api-keys";
import { signingSecretStatus } from "@/lib/keys/signing-secret";
import { ownUserKey } from "@/lib/keys/user-key";
import { AdminOnly, isAdmin } from "../staff/_components/admin-only";
import { ApiKeysPanel } from "./_components/api-keys-panel";
import { SigningSecretPanel } from "./_components/signing-secret-panel";
import { UserKeyPanel } from "./_components/user-key-panel";

export const metadata = { title: "API keys · Recurring Billing" };

/** The account's API keys, the brand's signing secret and one's own user key; ADMIN only (the verbs refuse a USER too). */
export default async function ApiKeysPage({ params }: { params: Promise<{ brandId: string }> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  if (!isAdmin(ctx)) return <AdminOnly title="API keys" what="manage API keys and the signing secret" />;
  const [keys, secret, userKey] = await Promise.all([listApiKeys(ctx), signingSecretStatus(ctx), ownUserKey(ctx)]);
  return (
    <>
      <h1>API keys</h1>
      <section className="card" aria-labelledby="keys">
        <h2 id="keys">API keys</h2>
        <p className="muted">
          A key works on every brand of your account, together with a staff user&apos;s user key. It is shown once when created; a revoked key is refused at
          once.
        </p>
        <ApiKeysPanel brandId={brandId} keys={keys} />
      </section>
      <section className="card" aria-labelledby="signing">
        <h2 id="signing">Signing secret of {ctx.brand.name}</h2>
        <p className="muted">
          Outgoing posts (product group action URLs, dunning posts) carry <code>X-Billing-Signature</code>, an HMAC-SHA256 made with this secret. While an old
          secret overlaps, the header carries a signature for each.
        </p>
        <SigningSecretPanel brandId={brandId} secret={secret} />
      </section>
      <section className="card" aria-labelledby="user-key">
        <h2 id="user-key">Your user key</h2>
        <UserKeyPanel brandId={brandId} userKey={userKey} />
        <p className="muted">
          Every staff user can replace their own user key on the <Link href={`/dashboard/${brandId}/security`}>Security</Link> page.
        </p>
      </section>
    </>
  );
}
