"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";

const LINKS = [
  { href: "/portal", label: "Overview" },
  { href: "/portal/invoices", label: "Invoices" },
  { href: "/portal/subscriptions", label: "Subscriptions" },
  { href: "/portal/pay-methods", label: "Pay methods" },
  { href: "/portal/support", label: "Support" },
  { href: "/portal/help", label: "Help" },
  { href: "/portal/account", label: "Account" },
];

export function NavLinks() {
  const path = usePathname();
  return (
    <nav className="portal-nav" aria-label="Portal">
      {LINKS.map((l) => {
        const current = l.href === "/portal" ? path === "/portal" : path === l.href || path.startsWith(`${l.href}/`);
        return (
          <Link key={l.href} href={l.href} aria-current={current ? "page" : undefined}>
            {l.label}
          </Link>
        );
      })}
    </nav>
  );
}
