import { productGroupEndpoints } from "./product-group";
import { productEndpoints } from "./product";
import { componentEndpoints } from "./component";
import { couponEndpoints } from "./coupon";

/** The product catalog: product groups, products, components and coupons. */
export const catalogEndpoints = [...productGroupEndpoints, ...productEndpoints, ...componentEndpoints, ...couponEndpoints];
