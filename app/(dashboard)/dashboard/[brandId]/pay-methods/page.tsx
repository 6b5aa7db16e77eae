import { payMethodList } from "@/lib/pay-methods/list-pay-methods";
import { payMethodsPage } from "@/lib/pay-methods/read";
import { ListPage, openList, type ListPageProps, shown } from "../_components/list-page";
import { PayMethodsTable } from "./columns";
import { expiresText } from "./_components/labels";

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
            ...shown(p, ["id", "customerAccountId", "customerName", "type", "brand", "lastFour", "verified", "isDefault", "createdAt"]),
            expires: expiresText(p),
          }))}
        />
      )}
    </ListPage>
  );
}
