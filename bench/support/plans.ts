import type { Db } from "../../db/client";
import { productGroups, products } from "../../db/schema";
import { newId } from "../../lib/ids";

/** A brand's "Plans" product group with five monthly plans (9.99, 14.99, ... 29.99), inserted directly; their ids. */
export async function seedPlans(db: Db, brandId: string, stamps: { createdAt: Date; updatedAt: Date }) {
  const groupId = newId();
  await db.insert(productGroups).values({ id: groupId, brandId, name: "Plans", description: "Bench", status: 1, ...stamps });
  const productIds = Array.from({ length: 5 }, () => newId());
  await db.insert(products).values(
    productIds.map((id, p) => ({
      id,
      brandId,
      productGroupId: groupId,
      name: `Plan ${p}`,
      description: "Bench plan",
      status: 1 as const,
      expirationInterval: 30,
      setupFeeCents: 0,
      recurringPriceCents: 999 + 500 * p,
      trial: "N" as const,
      autoPayDiscount: "N" as const,
      promptForVariables: "N" as const,
      taxExempt: "N" as const,
      ...stamps,
    })),
  );
  return { groupId, productIds };
}
