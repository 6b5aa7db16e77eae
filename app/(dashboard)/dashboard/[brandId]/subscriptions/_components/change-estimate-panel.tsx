"use client";

import type { ChangeEstimateView } from "@/lib/subscriptions/estimate-change";
import { LinesTable } from "@/components/ui/lines-table";
import { Facts } from "@/components/dashboard/detail";
import { estimateChangeProduct } from "../actions";
import { EstimateBox } from "./estimate-panel";

type After = NonNullable<ChangeEstimateView["after"]>;

/** Lines of the next invoice under a heading that names them. */
const InvoiceLines = ({ label, lines }: { label: string; lines: After["lines"] }) => <LinesTable label={label} item={label} lines={lines} />;

/** "the 12 days left of 30 in this period" */
const daysLeft = (e: ChangeEstimateView) => `the ${e.proration_days_left} days left of ${e.proration_period_days} in this period`;

/** The next invoice after the change: when, its total (and now), and what of it is paid when it is issued already. */
function NextInvoice({ e, after }: { e: ChangeEstimateView; after: After }) {
  return (
    <>
      {after.renewal_date}: <strong data-testid="estimate-next-total">{after.total}</strong> before tax
      {e.before ? ` (now ${e.before.total})` : ""}
      {after.generated === "Y"
        ? after.final === "Y"
          ? `; issued and paid already, so its lines stay as issued (${after.issued_total}) and the change is billed beside it: ${after.paid} paid, ${after.balance} due`
          : `; issued already and repriced: ${after.paid} paid, ${after.balance} due`
        : ""}
    </>
  );
}

/** An amount of the estimate ("0.00", "0" in a currency without decimals) that is not zero. */
const nonZero = (amount: string) => Number(amount) !== 0;

/**
 * The estimate of a change to this subscription (the change made and rolled back on the server),
 * asked again (debounced) whenever the form changes; an answer that arrives after a newer question
 * is dropped. Shows the next invoice before and after, what will be due on it, and any amount moved
 * to or taken back from the prepaid balance. Announced politely to screen readers.
 */
export function ChangeEstimatePanel({ brandId, params }: { brandId: string; params: Record<string, string> | null }) {
  return (
    <EstimateBox<ChangeEstimateView>
      brandId={brandId}
      params={params}
      ask={estimateChangeProduct}
      title="Estimate of the change"
      prompt="Choose a product to see what the change will invoice."
    >
      {(e) => (
        <>
          <Facts
            testId="estimate"
            facts={[
              [
                "Charged now",
                <span data-testid="estimate-now">
                  {e.charged_now}
                  {nonZero(e.charged_now) ? ` before tax (${daysLeft(e)}, prorated)` : ""}
                </span>,
                "num",
              ],
              nonZero(e.prorated_credit) && ["Credited now (prorated)", `${e.prorated_credit} (${daysLeft(e)})`, "num"],
              ["Next invoice", e.after ? <NextInvoice e={e} after={e.after} /> : "None: it will not renew"],
              nonZero(e.adjustment_invoiced) && [
                "Invoiced beside the paid renewal invoice",
                `${e.adjustment_invoiced} (a new invoice adding to it, charged with the renewal)`,
                "num",
              ],
              nonZero(e.adjustment_withdrawn) && [
                "No longer invoiced beside it",
                `${e.adjustment_withdrawn} (an unpaid invoice adding to it, made smaller or withdrawn)`,
                "num",
              ],
              nonZero(e.repriced_credit) && ["Credit note on the paid renewal invoice", e.repriced_credit, "num"],
              nonZero(e.prepaid_credit) && ["To the prepaid balance", e.prepaid_credit, "num"],
              nonZero(e.prepaid_taken_back) && ["Taken back from the prepaid balance", e.prepaid_taken_back, "num"],
            ]}
          />
          {e.after && e.after.lines.length > 0 && (
            <InvoiceLines label={e.after.final === "Y" ? "The period, as priced after the change" : "Next invoice"} lines={e.after.lines} />
          )}
          {e.after && e.after.usage_lines.length > 0 && <InvoiceLines label="Usage reported so far (added at the renewal)" lines={e.after.usage_lines} />}
        </>
      )}
    </EstimateBox>
  );
}
