import type { Endpoint } from "../endpoint";
import { brandEndpoints } from "./brand";
import { referenceEndpoints } from "./reference";
import { catalogEndpoints } from "./catalog";
import { knowledgeEndpoints } from "./knowledge";
import { notificationEndpoints } from "./notification";
import { accountEndpoints } from "./account";
import { userEndpoints } from "./user";
import { subscriptionEndpoints } from "./subscription";
import { invoiceEndpoints } from "./invoice";
import { paymentEndpoints } from "./payment";
import { creditNoteEndpoints } from "./credit-note";
import { payGatewayEndpoints } from "./pay-gateway";
import { payMethodEndpoints } from "./pay-method";
import { noteEndpoints } from "./note";
import { ticketEndpoints } from "./ticket";
import { dunningRuleEndpoints } from "./dunning-rule";
import { testClockEndpoints } from "./test-clock";
import { taxRateEndpoints } from "./tax-rate";

/** Every API endpoint, in documentation order. Add a resource family by adding its table here. */
export const endpoints: Endpoint[] = [
  ...brandEndpoints,
  ...referenceEndpoints,
  ...catalogEndpoints,
  ...knowledgeEndpoints,
  ...notificationEndpoints,
  ...accountEndpoints,
  ...userEndpoints,
  ...subscriptionEndpoints,
  ...invoiceEndpoints,
  ...paymentEndpoints,
  ...creditNoteEndpoints,
  ...taxRateEndpoints,
  ...payGatewayEndpoints,
  ...payMethodEndpoints,
  ...noteEndpoints,
  ...ticketEndpoints,
  ...dunningRuleEndpoints,
  ...testClockEndpoints,
];
