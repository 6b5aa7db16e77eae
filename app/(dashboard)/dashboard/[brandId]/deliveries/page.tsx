import { dashboardContext } from "@/app/_auth/session";
import { deliveriesPage, deliveryList, DELIVERY_STATUSES, DELIVERY_TYPES, type DeliveryChannel, type DeliveryStatus } from "@/lib/deliveries/deliveries";
import { countFailedInRange } from "@/lib/deliveries/replay";
import { formatWireDate } from "@/lib/dates";
import { isUuid } from "@/lib/ids";
import { DomainError } from "@/lib/errors";
import { parseTableQuery, type RawSearchParams } from "@/components/data-table/search-params";
import { TableError } from "@/components/data-table/table-error";
import { DeliveriesTable } from "./columns";
import { ReplayRangeButton } from "./_components/replay-buttons";

export const metadata = { title: "Deliveries · Recurring Billing" };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";
const day = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? v : "");

export default async function DeliveriesPage({ params, searchParams }: { params: Promise<{ brandId: string }>; searchParams: Promise<RawSearchParams> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const sp = await searchParams;
  const query = parseTableQuery(sp, {
    sortKeys: deliveryList.sortKeys,
    filters: { status: DELIVERY_STATUSES, channel: ["email", "post"], type: DELIVERY_TYPES },
  });
  const sort = query.sort ?? { key: "created_at" as const, dir: "desc" as const };
  // Beside the table's own filters: a customer account and a range of the brand's days.
  const customer = isUuid(first(sp.customer)) ? first(sp.customer) : "";
  const from = day(first(sp.from));
  const to = day(first(sp.to));
  const filters = {
    status: (query.filters.status as DeliveryStatus | undefined) ?? null,
    channel: (query.filters.channel as DeliveryChannel | undefined) ?? null,
    type: query.filters.type ?? null,
    customer_account_id: customer || null,
  };
  const base = `/dashboard/${brandId}/deliveries`;
  let result;
  try {
    result = await deliveriesPage(ctx, { ...filters, from, to, q: query.q || null }, { sort, page: query.page, pageSize: query.pageSize });
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return <TableError message={err.message} resetHref={base} />;
  }
  const range =
    from && to
      ? { from, to, channel: filters.channel ?? undefined, type: filters.type ?? undefined, customer_account_id: filters.customer_account_id ?? undefined }
      : null;
  const failed = range ? await countFailedInRange(ctx, range) : 0;
  const kept = Object.entries({
    q: query.q,
    status: filters.status,
    channel: filters.channel,
    type: filters.type,
    sort: query.sort?.key,
    dir: query.sort?.dir,
  }).filter((e): e is [string, string] => Boolean(e[1]));
  return (
    <>
      <div className="page-head">
        <h1>Deliveries</h1>
      </div>
      <p className="hint">
        Every email and every outgoing post (action URL events, dunning posts) of this brand, with each attempt. Days are the brand&apos;s (
        {ctx.brand.timezoneId}).
      </p>
      <section className="card" aria-labelledby="range-title">
        <h2 id="range-title" className="visually-hidden">
          Customer and days
        </h2>
        <form method="get" action={base} className="table-toolbar" style={{ padding: 0, border: 0 }}>
          {kept.map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <label className="table-filter">
            <span>Customer account id</span>
            <input name="customer" defaultValue={customer} placeholder="any" style={{ width: "min(36ch, 55vw)" }} />
          </label>
          <label className="table-filter">
            <span>From</span>
            <input type="date" name="from" defaultValue={from} />
          </label>
          <label className="table-filter">
            <span>To</span>
            <input type="date" name="to" defaultValue={to} />
          </label>
          <button type="submit" className="button secondary">
            Apply
          </button>
        </form>
        {range ? (
          <ReplayRangeButton
            brandId={brandId}
            label={`from ${formatWireDate(from)} to ${formatWireDate(to)}`}
            failed={failed}
            range={Object.fromEntries(
              Object.entries({ ...range, from: formatWireDate(from), to: formatWireDate(to) }).filter((e): e is [string, string] => Boolean(e[1])),
            )}
          />
        ) : (
          <p className="hint">Pick a first and a last day to replay every failed delivery between them.</p>
        )}
      </section>
      <DeliveriesTable
        brandId={brandId}
        sortKeys={deliveryList.sortKeys}
        rows={result.rows}
        total={result.total}
        query={{ ...query, sort }}
        types={DELIVERY_TYPES.map((t) => ({ value: t, label: t }))}
      />
    </>
  );
}
