"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

/** A sandbox brand's banner on every page: its test clock's time, and the way to move it (not on the Test clock page itself). */
export function SandboxBanner({ brandId, clock }: { brandId: string; /** The clock as formatInstant writes it. */ clock: string }) {
  const href = `/dashboard/${brandId}/test-clock`;
  const here = usePathname() === href;
  return (
    <p className="alert info sandbox-banner" role="note">
      Sandbox brand: its test clock reads <strong>{clock}</strong>.
      {!here && (
        <>
          {" "}
          <Link href={href}>Advance the clock</Link>
        </>
      )}
    </p>
  );
}
