import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { dunningRuleList, listDunningRulesPage } from "@/lib/dunning/list-dunning-rules";
import { ENFORCEMENT_ACTIONS, type EnforcementAction } from "@/lib/dunning/schemas";
import { productGroupChoices, productGroupNames } from "@/lib/catalog/group-names";
import { DomainError } from "@/lib/errors";
import { parseTableQuery, type RawSearchParams } from "@/components/data-table/search-params";
import { TableError } from "@/components/data-table/table-error";
import { RulesTable } from "./columns";

export const metadata = { title: "Dunning rules · Recurring Billing" };

export default async function DunningRulesPage({ params, searchParams }: { params: Promise<{ brandId: string }>; searchParams: Promise<RawSearchParams> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const groups = await productGroupChoices(ctx);
  const query = parseTableQuery(await searchParams, {
    sortKeys: dunningRuleList.sortKeys,
    filters: { group: groups.map((g) => g.value), action: ENFORCEMENT_ACTIONS },
  });
  const base = `/dashboard/${brandId}/dunning-rules`;
  let result;
  try {
    result = await listDunningRulesPage(ctx, {
      filters: { q: query.q || null, productGroupId: query.filters.group || null, enforcementAction: (query.filters.action as EnforcementAction) || null },
      sort: query.sort,
      page: query.page,
      pageSize: query.pageSize,
    });
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return <TableError message={err.message} resetHref={base} />;
  }
  const names = await productGroupNames(
    ctx,
    result.rows.map((r) => r.product_group_id),
  );
  const rows = result.rows.map((r) => ({
    rule_id: r.rule_id,
    name: r.name,
    product_group_id: r.product_group_id,
    group_name: names.get(r.product_group_id) ?? "—",
    overdue_days: r.overdue_days,
    overdue_amount: r.overdue_amount,
    enforcement_action: r.enforcement_action,
  }));
  return (
    <>
      <div className="page-head">
        <h1>Dunning rules</h1>
        {groups.length > 0 && (
          <Link href={`${base}/new`} className="button primary">
            New dunning rule
          </Link>
        )}
      </div>
      <p className="muted">
        Each day, an unpaid subscription invoice overdue by exactly a rule&apos;s days and owing at least its amount gets the rule&apos;s action; every matching
        rule runs.
      </p>
      {groups.length === 0 && (
        <p className="alert info">
          A dunning rule watches a product group. <Link href={`/dashboard/${brandId}/product-groups/new`}>Create a product group</Link> first.
        </p>
      )}
      <RulesTable brandId={brandId} sortKeys={dunningRuleList.sortKeys} rows={rows} total={result.total} query={query} groups={groups} />
    </>
  );
}
