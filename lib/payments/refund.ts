import { DomainError, invalidState } from "../errors";
import { gatewayFailure } from "../gateways/errors";
import { GatewayUnknownOutcome, type GatewayConnection } from "../gateways/providers/types";
import type { PaymentRow } from "./queries";

const MAX_TRIES = 3;

/**
 * Refunds a real-time payment through the gateway that charged it. The key is the same on every
 * try and every later request, so a refund whose answer was lost is never paid out twice.
 */
export async function refundThroughGateway(gateway: GatewayConnection, payment: PaymentRow, currency: string): Promise<string> {
  const request = { transactionId: payment.paymentTransactionId!, amount: payment.amount, currency, idempotencyKey: `refund_${payment.id}` };
  for (let attempt = 1; ; attempt++) {
    try {
      return (await gateway.refund(request)).refundId;
    } catch (err) {
      if (err instanceof GatewayUnknownOutcome && attempt < MAX_TRIES) continue;
      throw gatewayFailure(err, (reason) => invalidState(`The gateway refused the refund: ${reason}`, "payment_id")) as DomainError;
    }
  }
}
