import { endpointAction } from "../../actions/endpoint-action";

/** The catalog (product groups, products, components, coupons) and dunning rules: the API's own schemas and verbs. */
export const catalogActions = {
  productGroupCreate: endpointAction("ProductGroup/Create"),
  productGroupUpdate: endpointAction("ProductGroup/Update"),
  productGroupSuspend: endpointAction("ProductGroup/Suspend"),
  productGroupRestore: endpointAction("ProductGroup/Restore"),
  productGroupDelete: endpointAction("ProductGroup/Delete"),
  productCreate: endpointAction("Product/Create"),
  productUpdate: endpointAction("Product/Update"),
  productSuspend: endpointAction("Product/Suspend"),
  productRestore: endpointAction("Product/Restore"),
  productDelete: endpointAction("Product/Delete"),
  componentCreate: endpointAction("Component/Create"),
  componentUpdate: endpointAction("Component/Update"),
  componentSuspend: endpointAction("Component/Suspend"),
  componentRestore: endpointAction("Component/Restore"),
  componentDelete: endpointAction("Component/Delete"),
  couponCreate: endpointAction("Coupon/Create"),
  couponUpdate: endpointAction("Coupon/Update"),
  couponDelete: endpointAction("Coupon/Delete"),
  dunningRuleCreate: endpointAction("DunningRule/Create"),
  dunningRuleUpdate: endpointAction("DunningRule/Update"),
  dunningRuleDelete: endpointAction("DunningRule/Delete"),
};
