import { customerUserTokens } from "../../db/schema";
import type { Context } from "../auth/context";
import { hashSecret, newId, newSecret } from "../ids";

/** A single-use sign-in token for User/Authenticate; only its SHA-256 is stored. */
export async function mintTemporaryToken(ctx: Context, userId: string, minutes: number, source: "create_token" | "oauth") {
  const token = newSecret("tt");
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + minutes * 60_000);
  await ctx.db.insert(customerUserTokens).values({
    id: newId(),
    brandId: ctx.brand.id,
    userId,
    tokenHash: hashSecret(token),
    source,
    expiresAt,
    createdAt: now,
  });
  return { token, expiresAt };
}
