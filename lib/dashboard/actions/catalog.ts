import { staffAction } from "../../auth/staff-action";
import {
  CreateComponentParams,
  CreateCouponParams,
  CreateProductGroupParams,
  CreateProductParams,
  DeleteComponentParams,
  DeleteCouponParams,
  DeleteProductGroupParams,
  DeleteProductParams,
  RestoreComponentParams,
  RestoreProductGroupParams,
  RestoreProductParams,
  SuspendComponentParams,
  SuspendProductGroupParams,
  SuspendProductParams,
  UpdateComponentParams,
  UpdateCouponParams,
  UpdateProductGroupParams,
  UpdateProductParams,
} from "../../catalog/schemas";
import { createProductGroup } from "../../catalog/create-product-group";
import { updateProductGroup } from "../../catalog/update-product-group";
import { suspendProductGroup } from "../../subscriptions/suspend-product-group";
import { restoreProductGroup } from "../../subscriptions/restore-product-group";
import { deleteProductGroup } from "../../subscriptions/delete-product-group";
import { createProduct } from "../../catalog/create-product";
import { updateProduct } from "../../catalog/update-product";
import { suspendProduct } from "../../catalog/suspend-product";
import { restoreProduct } from "../../catalog/restore-product";
import { deleteProduct } from "../../subscriptions/delete-product";
import { createComponent } from "../../catalog/create-component";
import { updateComponent } from "../../catalog/update-component";
import { suspendComponent } from "../../catalog/suspend-component";
import { restoreComponent } from "../../catalog/restore-component";
import { deleteComponent } from "../../subscriptions/delete-component";
import { createCoupon } from "../../catalog/create-coupon";
import { updateCoupon } from "../../catalog/update-coupon";
import { deleteCoupon } from "../../catalog/delete-coupon";
import { CreateDunningRuleParams, DeleteDunningRuleParams, UpdateDunningRuleParams } from "../../dunning/schemas";
import { createDunningRule } from "../../dunning/create-dunning-rule";
import { updateDunningRule } from "../../dunning/update-dunning-rule";
import { deleteDunningRule } from "../../dunning/delete-dunning-rule";

/** The catalog (product groups, products, components, coupons) and dunning rules: the API's own schemas and verbs. */
export const catalogActions = {
  productGroupCreate: staffAction(CreateProductGroupParams, createProductGroup),
  productGroupUpdate: staffAction(UpdateProductGroupParams, updateProductGroup),
  productGroupSuspend: staffAction(SuspendProductGroupParams, suspendProductGroup),
  productGroupRestore: staffAction(RestoreProductGroupParams, restoreProductGroup),
  productGroupDelete: staffAction(DeleteProductGroupParams, deleteProductGroup),
  productCreate: staffAction(CreateProductParams, createProduct),
  productUpdate: staffAction(UpdateProductParams, updateProduct),
  productSuspend: staffAction(SuspendProductParams, suspendProduct),
  productRestore: staffAction(RestoreProductParams, restoreProduct),
  productDelete: staffAction(DeleteProductParams, deleteProduct),
  componentCreate: staffAction(CreateComponentParams, createComponent),
  componentUpdate: staffAction(UpdateComponentParams, updateComponent),
  componentSuspend: staffAction(SuspendComponentParams, suspendComponent),
  componentRestore: staffAction(RestoreComponentParams, restoreComponent),
  componentDelete: staffAction(DeleteComponentParams, deleteComponent),
  couponCreate: staffAction(CreateCouponParams, createCoupon),
  couponUpdate: staffAction(UpdateCouponParams, updateCoupon),
  couponDelete: staffAction(DeleteCouponParams, deleteCoupon),
  dunningRuleCreate: staffAction(CreateDunningRuleParams, createDunningRule),
  dunningRuleUpdate: staffAction(UpdateDunningRuleParams, updateDunningRule),
  dunningRuleDelete: staffAction(DeleteDunningRuleParams, deleteDunningRule),
};
