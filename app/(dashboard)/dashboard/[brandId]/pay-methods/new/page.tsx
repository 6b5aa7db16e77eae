import Link from "next/link";
import { FormPage } from "@/components/dashboard/detail";
import { gatewayChoices } from "@/lib/gateways/list-gateways";
import { openNewFor, type NewPageProps } from "../../_components/load-record";
import { PayMethodForm } from "../_components/pay-method-form";

export const metadata = { title: "Add a pay method · Recurring Billing" };

export default async function NewPayMethodPage(props: NewPageProps) {
  const { brandId, ctx, dash, accountId } = await openNewFor(props);
  const gateways = await gatewayChoices(ctx);
  return (
    <FormPage
      list={{ href: `${dash}/pay-methods`, label: "Pay methods" }}
      step="Add"
      title="Add a pay method"
      intro={<p className="muted">Card and account numbers go straight to the payment gateway; only the last four digits are kept.</p>}
    >
      {gateways.length === 0 ? (
        <p>
          The brand has no payment gateway yet: <Link href={`${dash}/gateways`}>add one</Link> first.
        </p>
      ) : (
        <PayMethodForm brandId={brandId} accountId={accountId} gateways={gateways} />
      )}
    </FormPage>
  );
}
