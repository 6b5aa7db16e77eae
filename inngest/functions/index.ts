import { deliverOutbox } from "./deliver-outbox";

export const functions = [deliverOutbox];
