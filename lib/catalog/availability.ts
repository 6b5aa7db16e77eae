import { STATUS } from "../lifecycle";

/**
 * What the catalog's states mean for subscriptions (spec, States and transitions), as pure
 * predicates the subscriptions and billing work share. "Sellable": may start a new subscription;
 * "billable": an existing subscription keeps being billed for it.
 */
type Ledger = { status: number };

/** Suspended and deleted groups allow no new subscriptions. */
export const isGroupSellable = (group: Ledger) => group.status === STATUS.ACTIVE;

/** A suspended group bills none of its subscriptions; a deleted one neither. */
export const isGroupBillable = (group: Ledger) => group.status === STATUS.ACTIVE;

/** New subscriptions need an active product in an active group. */
export const isProductSellable = (product: Ledger, group: Ledger) => product.status === STATUS.ACTIVE && isGroupSellable(group);

/** A suspended product keeps billing its existing subscriptions; a deleted one is removed from them. */
export const isProductBillable = (product: Ledger, group: Ledger) => product.status !== STATUS.DELETED && isGroupBillable(group);

/** Only active components can be added to a subscription. */
export const isComponentAttachable = (component: Ledger) => component.status === STATUS.ACTIVE;

/** Suspended components keep billing the subscriptions that have them; deleted ones are unavailable to all. */
export const isComponentBillable = (component: Ledger) => component.status !== STATUS.DELETED;
