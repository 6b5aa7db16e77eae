import { defineAction } from "../../actions/define-action";
import { z } from "zod";
import { createApiKey, revokeApiKey } from "../../keys/api-keys";
import { ApiKeyIdParams, CreateApiKeyParams, RotateSigningSecretParams } from "../../keys/schemas";
import { rotateSigningSecret } from "../../keys/signing-secret";
import { rotateOwnUserKey } from "../../keys/user-key";

/** API keys and the signing secret (ADMIN only, refused by the verbs), and the signed-in staff user's own user_key. */
export const keyActions = {
  apiKeyCreate: defineAction({ audience: "staff", schema: CreateApiKeyParams, verb: createApiKey }),
  apiKeyRevoke: defineAction({ audience: "staff", schema: ApiKeyIdParams, verb: revokeApiKey }),
  signingSecretRotate: defineAction({ audience: "staff", schema: RotateSigningSecretParams, verb: rotateSigningSecret }),
  userKeyRotate: defineAction({ audience: "staff", schema: z.object({}), verb: rotateOwnUserKey }),
};
