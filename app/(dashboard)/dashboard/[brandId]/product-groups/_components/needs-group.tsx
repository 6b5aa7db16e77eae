import Link from "next/link";

/** Products, components and dunning rules belong to a product group: with none yet, say where to start. */
export function NeedsGroup({ brandId, what }: { brandId: string; what: string }) {
  return (
    <p className="alert info">
      {what} <Link href={`/dashboard/${brandId}/product-groups/new`}>Create a product group</Link> first.
    </p>
  );
}
