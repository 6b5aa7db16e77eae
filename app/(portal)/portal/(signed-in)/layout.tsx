import Link from "next/link";
import type { ReactNode } from "react";
import { portalProfile } from "@/lib/portal/queries";
import { BrandFooter, BrandMark } from "../_components/brand-chrome";
import { NavLinks } from "../_components/nav-links";
import { requireCustomer } from "../_lib/session";

export const dynamic = "force-dynamic";

/** The signed-in portal: the customer's context (or the sign-in page), in the brand's header and footer. */
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const ctx = await requireCustomer();
  const { brand, user } = await portalProfile(ctx);
  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="portal-header">
        <div className="bar">
          <Link className="portal-brand" href="/portal">
            <BrandMark brand={brand} />
          </Link>
          <NavLinks />
          <div className="portal-user">
            <span>
              {user.firstName} {user.lastName}
            </span>
            <form action="/portal/sign-out" method="post">
              <button className="p-button secondary" type="submit">
                Sign out
              </button>
            </form>
          </div>
        </div>
      </header>
      <main id="main" className="portal-main">
        {children}
      </main>
      <BrandFooter brand={brand} />
    </>
  );
}
