import { ok, type Tenant } from "./api";

/** A customer account in `country` (state "X" unless given), for the tax rules that depend on where it is. */
export const accountIn = async (tenant: Tenant, country: string, more: Record<string, string> = {}) =>
  (
    await ok(tenant, "json", "Account/Create", {
      method: "POST",
      params: {
        first_name: "Tax",
        last_name: "Payer",
        email_address: `tax-${Math.random().toString(36).slice(2, 12)}@example.com`,
        country,
        locale: "en-US",
        timezone_id: "America/New_York",
        city: "Town",
        state: "X",
        skip_notification: "Y",
        ...more,
      },
    })
  ).customer_account.customer_account_id as string;
