"use client";

import { useRef } from "react";
import { ConfirmButton } from "@/components/ui/confirm-dialog";

/** Ends every session of this user, this one included (the sign-out route with everywhere=1), behind a confirmation. */
export function SignOutEverywhere() {
  const form = useRef<HTMLFormElement>(null);
  return (
    <form ref={form} action="/portal/sign-out" method="post">
      <input type="hidden" name="everywhere" value="1" />
      <ConfirmButton
        look="portal"
        label="Sign out everywhere"
        title="Sign out everywhere?"
        confirmLabel="Sign out everywhere"
        cancelLabel="Stay signed in"
        danger
        onConfirm={async () => {
          form.current?.requestSubmit();
          // The page is leaving; keep the dialog busy until it has.
          return new Promise<string | null>(() => {});
        }}
      >
        <p>You will be signed out on every device and browser where you are signed in, including this one. You can sign in again at once.</p>
      </ConfirmButton>
    </form>
  );
}
