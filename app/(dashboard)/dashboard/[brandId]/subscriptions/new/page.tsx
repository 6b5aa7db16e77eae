import { FormPage } from "@/components/dashboard/detail";
import { catalogChoices, payMethodChoices } from "@/lib/subscriptions/read";
import { openNewFor, type NewPageProps } from "../../_components/load-record";
import { SubscriptionForm } from "../_components/subscription-form";

export const metadata = { title: "New subscription · Recurring Billing" };

export default async function NewSubscriptionPage(props: NewPageProps) {
  const { brandId, ctx, dash, accountId } = await openNewFor(props);
  const [payMethods, catalog] = await Promise.all([payMethodChoices(ctx, accountId), catalogChoices(ctx)]);
  return (
    <FormPage
      list={{ href: `${dash}/subscriptions`, label: "Subscriptions" }}
      step="New"
      title="New subscription"
      intro={<p className="muted">The estimate below updates as you choose; nothing is charged until you create the subscription.</p>}
    >
      {catalog.products.length === 0 ? (
        <p>There is no active product to subscribe to yet: create a product first.</p>
      ) : (
        <SubscriptionForm brandId={brandId} payMethods={payMethods} catalog={catalog} accountId={accountId} />
      )}
    </FormPage>
  );
}
