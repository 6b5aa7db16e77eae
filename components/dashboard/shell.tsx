"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { signOut } from "next-auth/react";
import { QuickFind, type SearchFn } from "./quick-find";

export interface NavItem {
  href: string;
  label: string;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

function SignedIn({ staff, className }: { staff: { name: string; email: string; accessLevel: string }; className: string }) {
  return (
    <div className={className}>
      <span className="muted" title={staff.email}>
        {staff.name} · {staff.accessLevel === "ADMIN" ? "Admin" : "User"}
      </span>
      <button type="button" className="button secondary small" onClick={() => signOut({ callbackUrl: "/sign-in" })}>
        Sign out
      </button>
    </div>
  );
}

/**
 * The dashboard frame: brand switcher, quick find ("/" or Ctrl+K), who is signed in, and the
 * navigation in groups: a sidebar from 761 px, a menu button below that.
 */
export function DashboardShell({
  brandId,
  brands,
  nav,
  staff,
  search,
  children,
}: {
  brandId: string;
  brands: { id: string; name: string }[];
  nav: NavGroup[];
  staff: { name: string; email: string; accessLevel: string };
  search: SearchFn;
  children: ReactNode;
}) {
  const pathname = usePathname();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  // Switching brands keeps the section (accounts, invoices...) but not a record of the old brand.
  const section = pathname.split("/")[3] ?? "accounts";
  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar-row">
          <Link href={`/dashboard/${brandId}/overview`} className="logo">
            Recurring Billing
          </Link>
          <label className="brand-switcher">
            <span className="visually-hidden">Brand</span>
            <select value={brandId} onChange={(e) => router.push(`/dashboard/${e.target.value}/${section}`)} aria-label="Brand">
              {brands.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          </label>
          <QuickFind brandId={brandId} search={search} />
          <SignedIn staff={staff} className="nav-user wide-only" />
          <button type="button" className="menu-button" aria-expanded={open} aria-controls="dashboard-nav" onClick={() => setOpen(!open)}>
            Menu
          </button>
        </div>
      </header>
      <div className="shell-body">
        <nav id="dashboard-nav" className={`nav ${open ? "open" : ""}`} aria-label="Dashboard">
          {nav.map((group) => {
            const id = `nav-${group.label.toLowerCase()}`;
            return (
              <div key={group.label} className="nav-group">
                <p className="nav-group-label" id={id}>
                  {group.label}
                </p>
                <ul aria-labelledby={id}>
                  {group.items.map((item) => {
                    const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
                    return (
                      <li key={item.href}>
                        <Link href={item.href} aria-current={active ? "page" : undefined} onClick={() => setOpen(false)}>
                          {item.label}
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              </div>
            );
          })}
          <SignedIn staff={staff} className="nav-user narrow-only" />
        </nav>
        <main className="content" id="main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
