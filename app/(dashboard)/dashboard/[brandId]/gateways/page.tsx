import { gatewayList, listGatewaysPage } from "@/lib/gateways/list-gateways";
import { mayChangeGateways } from "@/lib/gateways/access";
import { ListPage, openList, type ListPageProps, shown } from "../_components/list-page";
import { GatewaysTable } from "./columns";
import { AdminOnly } from "./_components/admin-only";

export const metadata = { title: "Payment gateways · Recurring Billing" };

export default async function GatewaysPage(props: ListPageProps) {
  const { ctx, query, paging, base, table } = await openList(props, "gateways", {
    sortKeys: gatewayList.sortKeys,
    defaultSort: { key: "created_at", dir: "asc" },
  });
  const admin = mayChangeGateways(ctx);
  const load = () => listGatewaysPage(ctx, { filters: { q: query.q || null }, ...paging });
  return (
    <ListPage
      title="Payment gateways"
      action={admin ? { href: `${base}/new`, label: "Add gateway" } : undefined}
      intro={!admin && <AdminOnly />}
      base={base}
      load={load}
    >
      {(result) => (
        <GatewaysTable
          {...table(result, (r) => shown(r, ["id", "name", "provider", "credentials1Masked", "defaultForCards", "defaultForBankAccounts", "createdAt"]))}
          admin={admin}
        />
      )}
    </ListPage>
  );
}
