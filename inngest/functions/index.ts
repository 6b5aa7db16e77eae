import { deliverOutbox } from "./deliver-outbox";
import { runBilling } from "./run-billing";

export const functions = [deliverOutbox, runBilling];
