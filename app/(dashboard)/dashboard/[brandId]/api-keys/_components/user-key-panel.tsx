"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { formatInstant } from "@/lib/format";
import type { UserKeyView } from "@/lib/keys/user-key";
import { rotateUserKey } from "../actions";
import { SecretReveal } from "./secret-reveal";

/** The signed-in staff user's own user_key: its start, last use, and a new one behind a confirmation. */
export function UserKeyPanel({ brandId, userKey }: { brandId: string; userKey: UserKeyView }) {
  const router = useRouter();
  const [fresh, setFresh] = useState<string | null>(null);
  return (
    <>
      <p>
        Your user key: <code>{userKey.prefix}…</code>
        {/* Keys issued before issue dates were kept have none to show. */}
        {userKey.created && <> · issued {formatInstant(userKey.created)}</>} · last used {userKey.last_used ? formatInstant(userKey.last_used) : "never"}
      </p>
      {fresh && (
        <SecretReveal id="new-user-key" label="Your new user key" value={fresh}>
          Send it as <code>X-User-Key</code>.
        </SecretReveal>
      )}
      <ConfirmButton
        label="Issue a new user key"
        title="Replace your user key?"
        confirmLabel="Issue new key"
        danger
        onConfirm={async () => {
          const r = await rotateUserKey(brandId, {});
          if (!r.ok) return r.error.message;
          setFresh(r.data.user_key);
          router.refresh();
          return null;
        }}
      >
        <p>Your current user key is refused from now on, on every server. Calls made on your behalf need the new one.</p>
      </ConfirmButton>
    </>
  );
}
