import { defineAction } from "../../actions/define-action";
import { replayDelivery, replayFailedDeliveries, ReplayDeliveryParams, ReplayFailedDeliveriesParams } from "../../deliveries/replay";

/** Deliveries (emails and posts): send one again, or every failed one of a range of days. */
export const deliveryActions = {
  deliveryReplay: defineAction({ audience: "staff", schema: ReplayDeliveryParams, verb: replayDelivery }),
  deliveriesReplayFailed: defineAction({ audience: "staff", schema: ReplayFailedDeliveriesParams, verb: replayFailedDeliveries }),
};
