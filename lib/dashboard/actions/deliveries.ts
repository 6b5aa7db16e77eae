import { staffAction } from "../../auth/staff-action";
import { replayDelivery, replayFailedDeliveries, ReplayDeliveryParams, ReplayFailedDeliveriesParams } from "../../deliveries/replay";

/** Deliveries (emails and posts): send one again, or every failed one of a range of days. */
export const deliveryActions = {
  deliveryReplay: staffAction(ReplayDeliveryParams, replayDelivery),
  deliveriesReplayFailed: staffAction(ReplayFailedDeliveriesParams, replayFailedDeliveries),
};
