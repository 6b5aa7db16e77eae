import { deliverOutbox } from "./deliver-outbox";
import { billBrand, runBilling } from "./run-billing";

export const functions = [deliverOutbox, runBilling, billBrand];
