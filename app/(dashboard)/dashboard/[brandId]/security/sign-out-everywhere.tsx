"use client";

import { signOut } from "next-auth/react";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { signOutEverywhere } from "./actions";

/** Ends every dashboard session of this staff user (this one too), behind a confirmation, then leaves for sign-in. */
export function SignOutEverywhere({ brandId }: { brandId: string }) {
  return (
    <ConfirmButton
      label="Sign out everywhere"
      title="Sign out everywhere?"
      confirmLabel="Sign out everywhere"
      danger
      onConfirm={async () => {
        const r = await signOutEverywhere(brandId, {});
        if (!r.ok) return r.error.message;
        await signOut({ callbackUrl: "/sign-in?signed_out=everywhere" });
        return null;
      }}
    >
      <p>Every dashboard session you have open ends, on every computer and browser, including this one. You will need to sign in again.</p>
    </ConfirmButton>
  );
}
