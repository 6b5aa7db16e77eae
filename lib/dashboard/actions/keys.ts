import { z } from "zod";
import { staffAction } from "../../auth/staff-action";
import { createApiKey, revokeApiKey } from "../../keys/api-keys";
import { ApiKeyIdParams, CreateApiKeyParams, RotateSigningSecretParams } from "../../keys/schemas";
import { rotateSigningSecret } from "../../keys/signing-secret";
import { rotateOwnUserKey } from "../../keys/user-key";

/** API keys and the signing secret (ADMIN only, refused by the verbs), and the signed-in staff user's own user_key. */
export const keyActions = {
  apiKeyCreate: staffAction(CreateApiKeyParams, createApiKey),
  apiKeyRevoke: staffAction(ApiKeyIdParams, revokeApiKey),
  signingSecretRotate: staffAction(RotateSigningSecretParams, rotateSigningSecret),
  userKeyRotate: staffAction(z.object({}), rotateOwnUserKey),
};
