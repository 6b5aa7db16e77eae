import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { apiKeys } from "../../db/schema";
import { forgetResolvedCredentials, requireAdmin, serviceAccountOf, type Context } from "../auth/context";
import { notFound } from "../errors";
import { hashSecret, isUuid, newId, newSecret } from "../ids";
import { answersSecret } from "../run-verb";
import type { CreateApiKeyInput } from "./schemas";

/**
 * API keys belong to the service account (a key works on each of its brands, with any of its
 * staff's user_keys). ADMIN only: a USER is refused (FORBIDDEN) by every verb here, whatever the
 * page shows. Only the hash is stored; the key itself is answered once, by createApiKey.
 */

export interface ApiKeyView {
  api_key_id: string;
  name: string;
  /** The first characters of the key, enough to tell keys apart. */
  prefix: string;
  status: "active" | "revoked";
  created: string;
  last_used: string | null;
  revoked: string | null;
}

type Row = typeof apiKeys.$inferSelect;

const view = (r: Row): ApiKeyView => ({
  api_key_id: r.id,
  name: r.name,
  prefix: r.keyPrefix,
  status: r.revokedAt ? "revoked" : "active",
  created: r.createdAt.toISOString(),
  last_used: r.lastUsedAt?.toISOString() ?? null,
  revoked: r.revokedAt?.toISOString() ?? null,
});

const PREFIX_LENGTH = 12;
/** A page shows them all: an account with more keys than this has a different problem. */
const MAX_LISTED = 200;

/** The account's keys, active first, newest first. */
export async function listApiKeys(ctx: Context): Promise<ApiKeyView[]> {
  requireAdmin(ctx, "manage API keys");
  const rows = await ctx.db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.serviceAccountId, serviceAccountOf(ctx)))
    .orderBy(asc(sql`${apiKeys.revokedAt} is not null`), desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(MAX_LISTED);
  return rows.map(view);
}

/** A new key: its view and, this once, the key itself (`key`). */
export async function createApiKey({ ctx, input }: { ctx: Context; input: CreateApiKeyInput }): Promise<ApiKeyView & { key: string }> {
  requireAdmin(ctx, "manage API keys");
  answersSecret(ctx);
  const key = newSecret("rbk");
  const [row] = await ctx.db
    .insert(apiKeys)
    .values({
      id: newId(),
      serviceAccountId: serviceAccountOf(ctx),
      name: input.name.trim(),
      keyHash: hashSecret(key),
      keyPrefix: key.slice(0, PREFIX_LENGTH),
      createdAt: ctx.now(),
    })
    .returning();
  return { ...view(row), key };
}

/**
 * Revokes a key of the account: refused from the next request on, on every server process (the
 * database notifies them at commit, lib/auth/context.ts). Revoking a revoked key changes nothing.
 */
export async function revokeApiKey({ ctx, input }: { ctx: Context; input: { api_key_id: string } }): Promise<ApiKeyView> {
  requireAdmin(ctx, "manage API keys");
  if (!isUuid(input.api_key_id)) throw notFound("API key", "api_key_id");
  const ofAccount = and(eq(apiKeys.id, input.api_key_id), eq(apiKeys.serviceAccountId, serviceAccountOf(ctx)));
  const [revoked] = await ctx.db
    .update(apiKeys)
    .set({ revokedAt: ctx.now() })
    .where(and(ofAccount, isNull(apiKeys.revokedAt)))
    .returning();
  if (revoked) {
    forgetResolvedCredentials();
    return view(revoked);
  }
  const [row] = await ctx.db.select().from(apiKeys).where(ofAccount);
  if (!row) throw notFound("API key", "api_key_id");
  return view(row);
}
