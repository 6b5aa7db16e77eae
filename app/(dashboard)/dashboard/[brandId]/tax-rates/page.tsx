import { listTaxRatesPage, taxRateList } from "@/lib/tax/rates";
import { mayChangeGateways as isAdmin } from "@/lib/gateways/access";
import { ListPage, openList, type ListPageProps, shown } from "../_components/list-page";
import { TaxRatesTable } from "./columns";

export const metadata = { title: "Tax rates · Recurring Billing" };

/** Issue 33: the brand's active tax rates (docs/tax.md); ADMIN staff add and archive them. */
export default async function TaxRatesPage(props: ListPageProps) {
  const { ctx, query, paging, base, table } = await openList(props, "tax-rates", {
    sortKeys: taxRateList.sortKeys,
    defaultSort: { key: "created_at", dir: "asc" },
  });
  const admin = isAdmin(ctx);
  const load = () => listTaxRatesPage(ctx, { filters: { q: query.q || null }, ...paging });
  return (
    <ListPage
      title="Tax rates"
      action={admin ? { href: `${base}/new`, label: "New tax rate" } : undefined}
      intro={
        <p className="muted">
          An invoice is taxed at every rate of its customer&apos;s country whose state is empty or the customer&apos;s; the estimate of a subscription is before
          tax.{!admin && " Only an ADMIN staff user can add, edit or archive tax rates."}
        </p>
      }
      base={base}
      load={load}
    >
      {(result) => (
        <TaxRatesTable
          {...table(result, (r) => shown(r, ["tax_rate_id", "name", "percentage", "country", "state", "inclusive", "reverse_charge"]))}
          admin={admin}
        />
      )}
    </ListPage>
  );
}
