import { eq } from "drizzle-orm";
import { brands } from "../../db/schema";
import { forgetResolvedCredentials, requireAdmin, type Context } from "../auth/context";
import { config } from "../config";
import { newSecret } from "../ids";
import { answersSecret } from "../run-verb";
import { sealSigningSecret, signingSecrets } from "../webhooks/post";
import type { RotateSigningSecretInput } from "./schemas";

/** The brand's signing secret as the dashboard shows it: never the secret, only its start and the overlap. */
export interface SigningSecretView {
  prefix: string;
  /** While the rotated-out secret still signs posts beside the current one (brand's clock), its start and end. */
  previous_prefix: string | null;
  previous_valid_until: string | null;
}

const PREFIX_LENGTH = 12;

function view(brand: typeof brands.$inferSelect, at: Date): SigningSecretView {
  const [current, previous] = signingSecrets(brand, at);
  return {
    prefix: current.slice(0, PREFIX_LENGTH),
    previous_prefix: previous !== undefined ? previous.slice(0, PREFIX_LENGTH) : null,
    previous_valid_until: previous !== undefined ? brand.previousWebhookSecretUntil!.toISOString() : null,
  };
}

export async function signingSecretStatus(ctx: Context): Promise<SigningSecretView> {
  requireAdmin(ctx, "manage the signing secret");
  const [brand] = await ctx.db.select().from(brands).where(eq(brands.id, ctx.brand.id));
  return view(brand, ctx.now());
}

/**
 * A new signing secret for the brand's outgoing posts, answered this once (`webhook_secret`). The
 * old one keeps signing beside it for `overlap_hours` (by the brand's clock), so receivers can
 * switch without refusing a post; a secret rotated out earlier and still overlapping stops now.
 */
export async function rotateSigningSecret({
  ctx,
  input,
}: {
  ctx: Context;
  input: RotateSigningSecretInput;
}): Promise<SigningSecretView & { webhook_secret: string }> {
  requireAdmin(ctx, "manage the signing secret");
  answersSecret(ctx);
  const [current] = await ctx.db.select().from(brands).where(eq(brands.id, ctx.brand.id)).for("update");
  const hours = input.overlap_hours ?? config.signingSecretOverlapHours;
  const now = ctx.now();
  const secret = newSecret("whsec");
  const [row] = await ctx.db
    .update(brands)
    .set({
      webhookSecret: sealSigningSecret(current.id, secret),
      // Sealed for this brand as the current one is: it moves as it is.
      previousWebhookSecret: hours > 0 ? current.webhookSecret : null,
      previousWebhookSecretUntil: hours > 0 ? new Date(now.getTime() + hours * 3_600_000) : null,
      updatedAt: now,
    })
    .where(eq(brands.id, current.id))
    .returning();
  forgetResolvedCredentials();
  return { ...view(row, now), webhook_secret: secret };
}
