/** Where an audited record's page is in the dashboard, by its table; none for records without a page of their own. */
const RECORD_PATHS: Record<string, string> = {
  customer_accounts: "accounts",
  customer_users: "users",
  subscriptions: "subscriptions",
  invoices: "invoices",
  payments: "payments",
  pay_methods: "pay-methods",
  dunning_rules: "dunning-rules",
  product_groups: "product-groups",
  products: "products",
  components: "components",
  coupons: "coupons",
  tickets: "tickets",
  notifications: "notifications",
  pay_gateways: "gateways",
  brands: "brands",
  staff_users: "staff",
};

export const auditRecordHref = (brandId: string, resource: string, recordId: string) =>
  RECORD_PATHS[resource] ? `/dashboard/${brandId}/${RECORD_PATHS[resource]}/${recordId}` : null;

/** A recorded value for people: text as is, nothing as a dash, anything else as compact JSON. */
export function auditValue(v: unknown): string {
  if (v === null || v === undefined) return "—";
  return typeof v === "string" ? v : JSON.stringify(v);
}

export const AUDIT_ACTION_LABEL: Record<string, string> = { create: "Created", update: "Changed", delete: "Deleted" };
