import type { ReactNode } from "react";
import "./portal.css";

export const metadata = { title: "Customer portal", robots: { index: false } };

/** Every portal page: its own styles (portal.css), scoped under .portal. */
export default function PortalLayout({ children }: { children: ReactNode }) {
  return <div className="portal">{children}</div>;
}
