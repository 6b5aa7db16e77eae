"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { signOut } from "next-auth/react";

export interface NavItem {
  href: string;
  label: string;
}

/** The dashboard frame: brand switcher, resource navigation (a menu button on narrow screens), who is signed in, sign-out. */
export function DashboardShell({
  brandId,
  brands,
  nav,
  staff,
  children,
}: {
  brandId: string;
  brands: { id: string; name: string }[];
  nav: NavItem[];
  staff: { name: string; email: string; accessLevel: string };
  children: ReactNode;
}) {
  const pathname = usePathname();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  // Switching brands keeps the section (accounts, invoices...) but not a record of the old brand.
  const section = pathname.split("/")[3] ?? "accounts";
  return (
    <div className="shell">
      <header className="topbar">
        <div className="topbar-row">
          <Link href={`/dashboard/${brandId}/accounts`} className="logo">
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
          <button type="button" className="menu-button" aria-expanded={open} aria-controls="dashboard-nav" onClick={() => setOpen(!open)}>
            Menu
          </button>
        </div>
        <nav id="dashboard-nav" className={`nav ${open ? "open" : ""}`} aria-label="Dashboard">
          <ul>
            {nav.map((item) => {
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
          <div className="nav-user">
            <span className="muted" title={staff.email}>
              {staff.name} · {staff.accessLevel === "ADMIN" ? "Admin" : "User"}
            </span>
            <button type="button" className="button secondary small" onClick={() => signOut({ callbackUrl: "/sign-in" })}>
              Sign out
            </button>
          </div>
        </nav>
      </header>
      <main className="content" id="main">
        {children}
      </main>
    </div>
  );
}
