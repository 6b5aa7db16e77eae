import { z } from "zod";
import { id, integer, opt, req, text } from "../wire/params";

export const CreateApiKeyParams = z.object({
  name: req(
    text(100).refine((s) => s.trim().length > 0, { error: "must not be empty" }),
    "What the key is for, so you know which to revoke",
    {
      example: "Billing sync",
    },
  ),
});

export const ApiKeyIdParams = z.object({ api_key_id: req(id(), "The API key", { refersTo: "ApiKey" }) });

/** At most a week: a secret that leaked should not keep signing for long. */
export const MAX_OVERLAP_HOURS = 168;

export const RotateSigningSecretParams = z.object({
  overlap_hours: opt(
    integer({ min: 0, max: MAX_OVERLAP_HOURS }),
    "Hours the old secret keeps signing beside the new one (default SIGNING_SECRET_OVERLAP_HOURS, 24); 0 ends it at once",
    { example: "24" },
  ),
});

export type CreateApiKeyInput = z.output<typeof CreateApiKeyParams>;
export type RotateSigningSecretInput = z.output<typeof RotateSigningSecretParams>;
