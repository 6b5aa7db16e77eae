"use client";

import { formatDate, formatMoney } from "@/lib/format";
import type { ChangeEstimateRead } from "@/lib/subscriptions/read";
import { LinesTable } from "@/components/ui/lines-table";
import { Facts } from "@/components/dashboard/detail";
import { estimateChangeProduct } from "../actions";
import { EstimateBox } from "./estimate-panel";

type After = NonNullable<ChangeEstimateRead["after"]>;
type Money = (cents: number) => string;

/** Lines of the next invoice (as an invoice's) under a heading that names them. */
const InvoiceLines = ({ label, lines, money }: { label: string; lines: After["lines"]; money: Money }) => (
  <LinesTable label={label} item={label} lines={lines.map((l) => ({ name: l.itemName, quantity: l.quantity, amount: money(l.itemPrice * l.quantity) }))} />
);

/** "the 12 days left of 30 in this period" */
const daysLeft = (e: ChangeEstimateRead) => `the ${e.prorationDaysLeft} days left of ${e.prorationPeriodDays} in this period`;

/** The next invoice after the change: when, its total (and now), and what of it is paid when it is issued already. */
function NextInvoice({ e, after, money }: { e: ChangeEstimateRead; after: After; money: Money }) {
  return (
    <>
      {formatDate(after.renewalDate)}: <strong data-testid="estimate-next-total">{money(after.total)}</strong> before tax
      {e.before ? ` (now ${money(e.before.total)})` : ""}
      {after.generated
        ? after.final
          ? `; issued and paid already, so its lines stay as issued (${money(after.issued)}) and the change is billed beside it: ${money(after.paid)} paid, ${money(after.balance)} due`
          : `; issued already and repriced: ${money(after.paid)} paid, ${money(after.balance)} due`
        : ""}
    </>
  );
}

/**
 * The estimate of a change to this subscription (the change made and rolled back on the server),
 * asked again (debounced) whenever the form changes; an answer that arrives after a newer question
 * is dropped. Shows the next invoice before and after, what will be due on it, and any amount moved
 * to or taken back from the prepaid balance. Announced politely to screen readers.
 */
export function ChangeEstimatePanel({ brandId, params }: { brandId: string; params: Record<string, string> | null }) {
  return (
    <EstimateBox<ChangeEstimateRead>
      brandId={brandId}
      params={params}
      ask={estimateChangeProduct}
      title="Estimate of the change"
      prompt="Choose a product to see what the change will invoice."
    >
      {(e) => <ChangeEstimateFacts e={e} />}
    </EstimateBox>
  );
}

/** A change's estimate (its read row), formatted through lib/format.ts; the amounts that are zero are left out. */
export function ChangeEstimateFacts({ e }: { e: ChangeEstimateRead }) {
  const money = (cents: number) => formatMoney(cents, e.currency);
  return (
    <>
      <Facts
        testId="estimate"
        facts={[
          [
            "Charged now",
            <span data-testid="estimate-now">
              {money(e.chargedNowCents)}
              {e.chargedNowCents !== 0 ? ` before tax (${daysLeft(e)}, prorated)` : ""}
            </span>,
            "num",
          ],
          e.proratedCreditCents !== 0 && ["Credited now (prorated)", `${money(e.proratedCreditCents)} (${daysLeft(e)})`, "num"],
          ["Next invoice", e.after ? <NextInvoice e={e} after={e.after} money={money} /> : "None: it will not renew"],
          e.adjustmentInvoicedCents !== 0 && [
            "Invoiced beside the paid renewal invoice",
            `${money(e.adjustmentInvoicedCents)} (a new invoice adding to it, charged with the renewal)`,
            "num",
          ],
          e.adjustmentWithdrawnCents !== 0 && [
            "No longer invoiced beside it",
            `${money(e.adjustmentWithdrawnCents)} (an unpaid invoice adding to it, made smaller or withdrawn)`,
            "num",
          ],
          e.repricedCreditCents !== 0 && ["Credit note on the paid renewal invoice", money(e.repricedCreditCents), "num"],
          e.prepaidCreditCents !== 0 && ["To the prepaid balance", money(e.prepaidCreditCents), "num"],
          e.prepaidTakenBackCents !== 0 && ["Taken back from the prepaid balance", money(e.prepaidTakenBackCents), "num"],
        ]}
      />
      {e.after && e.after.lines.length > 0 && (
        <InvoiceLines label={e.after.final ? "The period, as priced after the change" : "Next invoice"} lines={e.after.lines} money={money} />
      )}
      {e.after && e.after.usageLines.length > 0 && (
        <InvoiceLines label="Usage reported so far (added at the renewal)" lines={e.after.usageLines} money={money} />
      )}
    </>
  );
}
