import { redirect } from "next/navigation";
import { safePortalRedirect } from "@/lib/auth/customer-session";
import { brandLook } from "@/lib/portal/queries";
import { portalBrand } from "@/lib/portal/sign-in";
import { readPending } from "../../_lib/session";
import { AuthFrame } from "../auth-frame";
import { VerifyForm } from "../forms";

export const metadata = { title: "Verify it's you" };
export const dynamic = "force-dynamic";

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The second step for users with two-step verification: the code sent by email or SMS. */
export default async function Verify({ searchParams }: { searchParams: Promise<Search> }) {
  const q = await searchParams;
  const next = safePortalRedirect(one(q.redirect));
  const pending = await readPending();
  if (!pending) redirect(`/portal/login?ended=1&redirect=${encodeURIComponent(next)}`);
  const brand = await portalBrand(pending.brandId);
  const sentTo = pending.sentTo;
  return (
    <AuthFrame brand={brand ? brandLook(brand) : null} title="Verify it's you">
      <p className="muted">
        We sent a verification code {pending.method === "sms" ? "by text message" : "by email"}
        {sentTo ? ` to ${sentTo}` : ""}. It works once and expires in 10 minutes.
      </p>
      <VerifyForm redirect={next} method={pending.method} />
    </AuthFrame>
  );
}
