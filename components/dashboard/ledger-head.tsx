import { StatusBadge } from "@/components/ui/status";
import { STATUS } from "@/lib/lifecycle";
import { DetailHead, EditLink } from "./detail";
import { ledgerSteps } from "./ledger-steps";
import { RecordActions } from "./record-actions";

/** The status-ledger records with a page of their own: their list, their noun in the buttons, their id parameter. */
const KINDS = {
  product: { path: "products", list: "Products", noun: "product", param: "product_id" },
  component: { path: "components", list: "Components", noun: "component", param: "component_id" },
  group: { path: "product-groups", list: "Product groups", noun: "group", param: "product_group_id" },
} as const;

/**
 * The top of a status-ledger record's page (a product group, product or component): its list, its
 * name and status, Edit while it is not deleted, and its lifecycle steps (ledgerSteps), each saying
 * what it will do.
 */
export function LedgerHead({
  brandId,
  kind,
  record,
  ...says
}: {
  brandId: string;
  kind: keyof typeof KINDS;
  record: { id: string; name: string; status: number };
} & Pick<Parameters<typeof ledgerSteps>[0], "suspend" | "restore" | "delete">) {
  const { path, list, noun, param } = KINDS[kind];
  const base = `/dashboard/${brandId}/${path}`;
  return (
    <DetailHead list={{ href: base, label: list }} title={record.name} badge={<StatusBadge status={record.status} />}>
      {record.status !== STATUS.DELETED && <EditLink href={`${base}/${record.id}/edit`} />}
      <RecordActions brandId={brandId} input={{ [param]: record.id }} steps={ledgerSteps({ ...record, noun, ...says })} />
    </DetailHead>
  );
}
