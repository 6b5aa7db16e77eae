import { formatRetryDays } from "../pricing/retries";
import { formValues } from "../wire/form-values";
import { BRAND_COLUMNS } from "./columns";
import type { BrandRead } from "./read";

/**
 * A brand as Brand/Update's parameters would leave it as it is: the edit form's starting values, in
 * the API's parameter vocabulary ("" for nothing).
 */
export const brandParams = (b: BrandRead) => ({
  brand_id: b.id,
  ...formValues(b, BRAND_COLUMNS),
  currency: b.currency,
  retry_days: formatRetryDays(b.retryDays),
});
