import { eq } from "drizzle-orm";
import { payGateways } from "../../db/schema";
import type { Context } from "../auth/context";
import { findGateway } from "./queries";
import { gatewayView } from "./view";

/**
 * Deletes a gateway: it stops taking pay methods and charges, and a default role it had is not
 * passed on (the brand is left without one). The record stays, so its payments can still be refunded.
 */
export async function deleteGateway({ ctx, input }: { ctx: Context; input: { gateway_id: string } }) {
  const gateway = await findGateway(ctx, input.gateway_id);
  const now = ctx.now();
  const [row] = await ctx.db
    .update(payGateways)
    .set({ defaultCc: "N", defaultBa: "N", deletedAt: now, updatedAt: now })
    .where(eq(payGateways.id, gateway.id))
    .returning();
  return gatewayView(row);
}
