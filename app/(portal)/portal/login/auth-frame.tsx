import type { ReactNode } from "react";
import type { BrandLook } from "@/lib/portal/queries";
import { BrandFooter, webAddress } from "../_components/brand-chrome";
import { Logo } from "../_components/logo";

/** The sign-in pages: the brand's logo and name above a card, its footer below. */
export function AuthFrame({ brand, title, children }: { brand: BrandLook | null; title: string; children: ReactNode }) {
  return (
    <>
      <main id="main" className="portal-main">
        <div className="p-auth">
          <div className="p-auth-brand">
            {brand ? <Logo src={webAddress(brand.logoUrl)} name={brand.name} size={56} /> : null}
            <strong style={{ fontSize: 18 }}>{brand ? brand.name : "Customer portal"}</strong>
          </div>
          <div className="p-card">
            <h1 style={{ fontSize: 22, marginBottom: 16 }}>{title}</h1>
            {children}
          </div>
        </div>
      </main>
      {brand ? <BrandFooter brand={brand} /> : null}
    </>
  );
}
