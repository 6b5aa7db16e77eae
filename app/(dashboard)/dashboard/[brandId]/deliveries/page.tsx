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

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

export default async function DeliveriesPage({ params, searchParams }: { params: Promise<{ brandId: string }>; searchParams: Promise<RawSearchParams> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const query = parseTableQuery(await searchParams, {
    sortKeys: deliveryList.sortKeys,
    // Beside status, kind and event: a customer account (the picker's id) and a range of the brand's days.
    filters: { status: DELIVERY_STATUSES, channel: ["email", "post"], type: DELIVERY_TYPES, customer: isUuid, created_from: isDay, created_to: isDay },
  });
  const sort = query.sort ?? { key: "created_at" as const, dir: "desc" as const };
  const from = query.filters.created_from ?? "";
  const to = query.filters.created_to ?? "";
  const filters = {
    status: (query.filters.status as DeliveryStatus | undefined) ?? null,
    channel: (query.filters.channel as DeliveryChannel | undefined) ?? null,
    type: query.filters.type ?? null,
    customer_account_id: query.filters.customer ?? null,
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
  return (
    <>
      <div className="page-head">
        <h1>Deliveries</h1>
      </div>
      <p className="hint">
        Every email and every outgoing post (action URL events, dunning posts) of this brand, with each attempt. Days are the brand&apos;s (
        {ctx.brand.timezoneId}).
      </p>
      <section className="card replay-range" aria-labelledby="replay-title">
        <h2 id="replay-title">Replay failed deliveries</h2>
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
          <p className="hint">Choose the first and the last day under Created in the filters below to replay every failed delivery between them at once.</p>
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
