import { deliveriesPage, deliveryList, DELIVERY_STATUSES, DELIVERY_TYPES, type DeliveryChannel, type DeliveryStatus } from "@/lib/deliveries/deliveries";
import { countFailedInRange } from "@/lib/deliveries/replay";
import { formatWireDate } from "@/lib/dates";
import { isUuid } from "@/lib/ids";
import { ListPage, openList, type ListPageProps } from "../_components/list-page";
import { DeliveriesTable } from "./columns";
import { ReplayRangeButton } from "./_components/replay-buttons";

export const metadata = { title: "Deliveries · Recurring Billing" };

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

export default async function DeliveriesPage(props: ListPageProps) {
  const { brandId, ctx, query, paging, base, table } = await openList(props, "deliveries", {
    sortKeys: deliveryList.sortKeys,
    // Beside status, kind and event: a customer account (the picker's id) and a range of the brand's days.
    urlFilters: { status: DELIVERY_STATUSES, channel: ["email", "post"], type: DELIVERY_TYPES, customer: isUuid, created_from: isDay, created_to: isDay },
    defaultSort: { key: "created_at", dir: "desc" },
  });
  const from = query.filters.created_from ?? "";
  const to = query.filters.created_to ?? "";
  const filters = {
    status: (query.filters.status as DeliveryStatus | undefined) ?? null,
    channel: (query.filters.channel as DeliveryChannel | undefined) ?? null,
    type: query.filters.type ?? null,
    customer_account_id: query.filters.customer ?? null,
  };
  const range =
    from && to
      ? { from, to, channel: filters.channel ?? undefined, type: filters.type ?? undefined, customer_account_id: filters.customer_account_id ?? undefined }
      : null;
  const load = async () => ({
    ...(await deliveriesPage(ctx, { ...filters, from, to, q: query.q || null }, paging)),
    failed: range ? await countFailedInRange(ctx, range) : 0,
  });
  return (
    <ListPage title="Deliveries" base={base} load={load}>
      {(result) => (
        <>
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
                failed={result.failed}
                range={Object.fromEntries(
                  Object.entries({ ...range, from: formatWireDate(from), to: formatWireDate(to) }).filter((e): e is [string, string] => Boolean(e[1])),
                )}
              />
            ) : (
              <p className="hint">Choose the first and the last day under Created in the filters below to replay every failed delivery between them at once.</p>
            )}
          </section>
          <DeliveriesTable {...table(result)} types={DELIVERY_TYPES.map((t) => ({ value: t, label: t }))} />
        </>
      )}
    </ListPage>
  );
}
