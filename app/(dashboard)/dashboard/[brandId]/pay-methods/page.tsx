import { payMethodList } from "@/lib/pay-methods/list-pay-methods";
import { payMethodsPage } from "@/lib/pay-methods/page-queries";
import { ListPage, openList, type ListPageProps, shown } from "../_components/list-page";
import { PayMethodsTable } from "./columns";

export const metadata = { title: "Pay methods · Recurring Billing" };

export default async function PayMethodsPage(props: ListPageProps) {
  const { ctx, query, paging, base, table } = await openList(props, "pay-methods", {
    sortKeys: payMethodList.sortKeys,
    urlFilters: { type: ["CC", "BA"] },
    defaultSort: { key: "created_at", dir: "desc" },
  });
  const load = () => payMethodsPage(ctx, { filters: { q: query.q || null, type: (query.filters.type as "CC" | "BA" | undefined) ?? null }, ...paging });
  return (
    <ListPage title="Pay methods" action={{ href: `${base}/new`, label: "Add pay method" }} base={base} load={load}>
      {(result) => (
        <PayMethodsTable
          {...table(result, (p) => ({
            ...shown(p, [
              "pay_method_id",
              "customer_account_id",
              "customer_name",
              "pay_method_type",
              "brand",
              "last_four",
              "verified",
              "is_default",
              "created",
            ]),
            expires: p.expiration_month && p.expiration_year ? `${String(p.expiration_month).padStart(2, "0")}/${p.expiration_year}` : "—",
          }))}
        />
      )}
    </ListPage>
  );
}
