import { formatMoney } from "@/lib/format";
import { dunningRuleList, listDunningRulesPage } from "@/lib/dunning/list-dunning-rules";
import { ENFORCEMENT_ACTIONS, type EnforcementAction } from "@/lib/dunning/schemas";
import { ListPage, openList, type ListPageProps, shown } from "../_components/list-page";
import { NeedsGroup } from "../product-groups/_components/needs-group";
import { groupChoices, withGroupNames } from "../product-groups/_components/grouped-list";
import { RulesTable } from "./columns";

export const metadata = { title: "Dunning rules · Recurring Billing" };

export default async function DunningRulesPage(props: ListPageProps) {
  const groups = await groupChoices(props);
  const { brandId, ctx, query, paging, base, table } = await openList(props, "dunning-rules", {
    sortKeys: dunningRuleList.sortKeys,
    urlFilters: { group: groups.map((g) => g.value), action: ENFORCEMENT_ACTIONS },
  });
  const filters = { q: query.q || null, productGroupId: query.filters.group || null, enforcementAction: (query.filters.action as EnforcementAction) || null };
  const load = async () => withGroupNames(ctx, await listDunningRulesPage(ctx, { filters, ...paging }));
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
          {...table(result, (r) => ({
            ...shown(r, ["id", "name", "productGroupId", "groupName", "overdueDays", "action"]),
            overdueAmount: formatMoney(r.overdueAmountCents, r.currency),
          }))}
          groups={groups}
        />
      )}
    </ListPage>
  );
}
