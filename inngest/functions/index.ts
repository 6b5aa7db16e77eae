import { deliverOutbox, deliverOutboxEvent } from "./deliver-outbox";
import { billBrand, runBilling } from "./run-billing";

export const functions = [deliverOutbox, deliverOutboxEvent, runBilling, billBrand];
