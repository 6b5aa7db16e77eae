import { Table, type Column, type SumRow } from "./table";

/** A line of an invoice or an estimate as shown: its figures already formatted (lib/format.ts). */
export interface ShownLine {
  name: string;
  quantity: number;
  amount: string;
  unitPrice?: string;
  kind?: string;
}

/**
 * The lines of an invoice or an estimate, in either UI: the item (its heading `item`), its kind and unit
 * price when asked for, the quantity, the amount. The dashboard's shows the quantity in its column; the
 * portal's (`look="portal"`) beside the item too ("× 3"), its quantity and unit price columns on a wide
 * screen only, and `quantities={false}` leaves that column out.
 */
export function LinesTable({
  lines,
  item = "Item",
  kinds,
  unitPrices,
  quantities = true,
  label,
  caption,
  look = "dashboard",
  groups,
  sums,
}: {
  lines: readonly ShownLine[];
  item?: string;
  kinds?: boolean;
  unitPrices?: boolean;
  quantities?: boolean;
  label?: string;
  caption?: string;
  look?: "dashboard" | "portal";
  groups?: readonly { label: string; rows: readonly SumRow[] }[];
  sums?: readonly SumRow[];
}) {
  const portal = look === "portal";
  const columns: Column<ShownLine>[] = [
    { header: item, cell: (l) => (portal ? <ItemWithQuantity line={l} /> : l.name) },
    ...(kinds ? [{ header: "Kind", cell: (l: ShownLine) => l.kind }] : []),
    ...(quantities ? [{ header: "Qty", numeric: true, wideOnly: portal, cell: (l: ShownLine) => l.quantity }] : []),
    ...(unitPrices ? [{ header: "Unit price", numeric: true, wideOnly: portal, cell: (l: ShownLine) => l.unitPrice }] : []),
    { header: "Amount", numeric: true, cell: (l) => l.amount },
  ];
  return <Table columns={columns} rows={lines} label={label} caption={caption} look={look} groups={groups} sums={sums} />;
}

function ItemWithQuantity({ line }: { line: ShownLine }) {
  return (
    <>
      {line.name}
      {line.quantity > 1 ? <span className="muted"> × {line.quantity}</span> : null}
    </>
  );
}
