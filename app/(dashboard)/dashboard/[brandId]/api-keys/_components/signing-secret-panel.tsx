"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { formatInstant } from "@/lib/format";
import type { SigningSecretView } from "@/lib/keys/signing-secret";
import { rotateSigningSecret } from "../actions";
import { SecretReveal } from "./secret-reveal";

const OVERLAPS = ["0", "1", "24", "72", "168"] as const;

/** Rotating the brand's signing secret behind a confirmation; the new secret shown once. */
export function SigningSecretPanel({ brandId, secret }: { brandId: string; secret: SigningSecretView }) {
  const router = useRouter();
  const [hours, setHours] = useState("24");
  const [fresh, setFresh] = useState<string | null>(null);
  return (
    <>
      <p>
        Current secret: <code>{secret.prefix}…</code>
        {secret.previous_prefix && (
          <>
            {" "}
            · the previous one (<code>{secret.previous_prefix}…</code>) also signs until {formatInstant(secret.previous_valid_until)}
          </>
        )}
      </p>
      {fresh && (
        <SecretReveal id="new-signing-secret" label="New signing secret" value={fresh}>
          Give it to the receivers of your posts.
        </SecretReveal>
      )}
      <div className="form inline-form">
        <div className="field">
          <label htmlFor="overlap-hours">Old secret keeps signing for</label>
          <select id="overlap-hours" value={hours} onChange={(e) => setHours(e.target.value)}>
            {OVERLAPS.map((h) => (
              <option key={h} value={h}>
                {h === "0" ? "No overlap (stop at once)" : `${h} hours`}
              </option>
            ))}
          </select>
        </div>
        <ConfirmButton
          label="Rotate signing secret"
          title="Rotate the signing secret?"
          confirmLabel="Rotate secret"
          danger
          onConfirm={async () => {
            const r = await rotateSigningSecret(brandId, { overlap_hours: hours });
            if (!r.ok) return r.error.message;
            setFresh(r.data.webhook_secret);
            router.refresh();
            return null;
          }}
        >
          <p>
            A new secret signs every post from now on.{" "}
            {hours === "0"
              ? "The current one stops at once: receivers that check it refuse posts until they have the new one."
              : `The current one signs beside it for ${hours} hours, so receivers can switch without refusing a post.`}{" "}
            {secret.previous_prefix ? "The secret rotated out before stops now." : ""}
          </p>
        </ConfirmButton>
      </div>
    </>
  );
}
