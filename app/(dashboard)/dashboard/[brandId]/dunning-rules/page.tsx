import { formatMoney } from "@/lib/format";
import { dashboardContext } from "@/app/_auth/session";
import { dunningRuleList, listDunningRulesPage } from "@/lib/dunning/list-dunning-rules";
import { ENFORCEMENT_ACTIONS, type EnforcementAction } from "@/lib/dunning/schemas";
import { productGroupChoices, productGroupNames } from "@/lib/catalog/group-names";
import { ListPage, openList, type ListPageProps, shown } from "../_components/list-page";
import { NeedsGroup } from "../product-groups/_components/needs-group";
import { RulesTable } from "./columns";

export const metadata = { title: "Dunning rules · Recurring Billing" };

export default async function DunningRulesPage(props: ListPageProps) {
  const groups = await productGroupChoices(await dashboardContext((await props.params).brandId));
  const { brandId, ctx, query, paging, base } = await openList(props, "dunning-rules", {
    sortKeys: dunningRuleList.sortKeys,
    filters: { group: groups.map((g) => g.value), action: ENFORCEMENT_ACTIONS },
  });
  const load = async () => {
    const page = await listDunningRulesPage(ctx, {
      filters: { q: query.q || null, productGroupId: query.filters.group || null, enforcementAction: (query.filters.action as EnforcementAction) || null },
      ...paging,
    });
    return {
      ...page,
      groupNames: await productGroupNames(
        ctx,
        page.rows.map((r) => r.productGroupId),
      ),
    };
  };
  return (
    <ListPage
      title="Dunning rules"
      action={groups.length > 0 ? { href: `${base}/new`, label: "New dunning rule" } : undefined}
      intro={
        <>
          <p className="muted">
            Each day, an unpaid subscription invoice overdue by exactly a rule&apos;s days and owing at least its amount gets the rule&apos;s action; every
            matching rule runs.
          </p>
          {groups.length === 0 && <NeedsGroup brandId={brandId} what="A dunning rule watches a product group." />}
        </>
      }
      base={base}
      load={load}
    >
      {(result) => (
        <RulesTable
          brandId={brandId}
          sortKeys={dunningRuleList.sortKeys}
          rows={result.rows.map((r) => ({
            ...shown(r, ["id", "name", "productGroupId", "overdueDays", "action"]),
            overdueAmount: formatMoney(r.overdueAmountCents, r.currency),
            groupName: result.groupNames.get(r.productGroupId) ?? "—",
          }))}
          total={result.total}
          query={query}
          groups={groups}
        />
      )}
    </ListPage>
  );
}
