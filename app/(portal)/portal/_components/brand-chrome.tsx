import type { ReactNode } from "react";
import "./self-service.css";
import type { BrandLook } from "@/lib/portal/queries";
import { Logo } from "./logo";

/** Only http(s) addresses become links or images (a brand's fields are free text). */
export const webAddress = (v: string | null | undefined) => (v && /^https?:\/\//i.test(v) ? v : null);

export function BrandMark({ brand, size = 36 }: { brand: BrandLook; size?: number }) {
  return (
    <>
      <Logo src={webAddress(brand.logoUrl)} name={brand.name} size={size} />
      <span>{brand.name}</span>
    </>
  );
}

/** The footer: how to reach the brand and its policies, from the brand record. */
export function BrandFooter({ brand }: { brand: BrandLook }) {
  const links: { href: string; label: string }[] = [];
  const add = (href: string | null, label: string) => href && links.push({ href, label });
  add(webAddress(brand.websiteUrl), "Website");
  add(webAddress(brand.supportLink), "Help centre");
  add(webAddress(brand.termsUrl), "Terms");
  add(webAddress(brand.privacyUrl), "Privacy");
  const contact: ReactNode[] = [];
  if (brand.supportEmail)
    contact.push(
      <li key="email">
        <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>
      </li>,
    );
  if (brand.supportPhone)
    contact.push(
      <li key="phone">
        <a href={`tel:${brand.supportPhone.replace(/[^+\d]/g, "")}`}>{brand.supportPhone}</a>
      </li>,
    );
  return (
    <footer className="portal-footer">
      <div className="bar">
        <div>
          <strong>{brand.name}</strong>
          {contact.length ? <ul aria-label="Contact support">{contact}</ul> : null}
        </div>
        {links.length ? (
          <nav aria-label="About">
            <ul>
              {links.map((l) => (
                <li key={l.label}>
                  <a href={l.href} rel="noopener noreferrer">
                    {l.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </footer>
  );
}
