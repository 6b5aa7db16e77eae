import type { StaffActionName } from "@/lib/dashboard/actions";
import type { PortalActionName } from "@/lib/portal/actions";

/**
 * What a successful action revalidates: the pages that show what it changed, not the whole UI. One
 * declarative table per audience: an action (by its registry name, lib/dashboard/actions and
 * lib/portal/actions) changes resources; a resource is shown on pages. `"everything"` falls back on
 * purpose to the whole layout (the brand's, or the portal's): what it changes is shown everywhere (a
 * brand's settings, its test clock, the signed-in customer's name in the portal's header). An action
 * not found in the table (bound outside the registry) falls back the same way; tests/revalidation.test.ts
 * checks every registered action has its row and every page named exists under app/.
 *
 * A page is a path under the audience's root: `/invoices` is that page, `/invoices/[invoice_id]`
 * the page of the id in the action's fields or its answer (none: every page of the section), and a
 * path ending `/*` the section with all its pages (a layout). Every page is rendered per request,
 * so this is what the browser's router fetches again after the action; the page it is on is always
 * rendered again when anything is revalidated.
 */

type Change = readonly Resource[] | "everything";

type Resource =
  | "account"
  | "subscription"
  | "invoice"
  | "payment"
  | "payMethod"
  | "catalog"
  | "dunning"
  | "gateway"
  | "taxRate"
  | "customerUser"
  | "ticket"
  | "note"
  | "knowledge"
  | "notification"
  | "delivery"
  | "apiKey"
  | "staff"
  | "security";

/** Changes nothing anyone is shown (an estimate, the account picker's choices): nothing is revalidated. */
const READ: Change = [];
const BILLING: Change = ["subscription", "invoice", "payment", "account"];
const CATALOG_AND_BILLING: Change = ["catalog", "subscription", "invoice"];

/** Dashboard pages, under /dashboard/<brand id>. Every change is also on the audit log. */
const DASHBOARD_PAGES: Record<Resource, readonly string[]> = {
  account: ["/accounts", "/accounts/[customer_account_id]/*", "/overview"],
  subscription: ["/subscriptions", "/subscriptions/[subscription_id]/*", "/accounts/[customer_account_id]", "/overview"],
  invoice: ["/invoices", "/invoices/[invoice_id]/*", "/accounts/[customer_account_id]", "/credit-notes", "/overview"],
  payment: ["/payments", "/payments/[payment_id]", "/accounts/[customer_account_id]", "/overview"],
  payMethod: ["/pay-methods", "/pay-methods/[pay_method_id]", "/accounts/[customer_account_id]"],
  catalog: ["/products/*", "/product-groups/*", "/components/*", "/coupons/*"],
  dunning: ["/dunning-rules/*"],
  gateway: ["/gateways/*", "/pay-methods/*"],
  taxRate: ["/tax-rates/*"],
  customerUser: ["/users/*", "/accounts/[customer_account_id]"],
  ticket: ["/tickets/*", "/accounts/[customer_account_id]"],
  note: ["/notes/*", "/accounts/[customer_account_id]"],
  knowledge: ["/knowledge/*"],
  notification: ["/notifications/*"],
  delivery: ["/deliveries/*"],
  apiKey: ["/api-keys", "/settings"],
  staff: ["/staff/*"],
  security: ["/security"],
};
const DASHBOARD_ALWAYS = ["/audit"];

export const STAFF_CHANGES: Record<StaffActionName, Change> = {
  accountCreate: ["account"],
  accountUpdate: ["account"],
  accountSuspend: ["account", "customerUser"],
  accountRestore: ["account", "customerUser"],
  // Its subscriptions end, their invoices ahead are voided.
  accountDelete: ["customerUser", ...BILLING],
  accountChoices: READ,

  subscriptionEstimate: READ,
  subscriptionCreate: BILLING,
  subscriptionUpdate: BILLING,
  subscriptionChangeProduct: BILLING,
  subscriptionEstimateChangeProduct: READ,
  subscriptionSuspend: BILLING,
  subscriptionRestore: BILLING,
  subscriptionDelete: BILLING,

  invoiceCreate: ["invoice"],
  invoiceUpdate: ["invoice", "payment"],
  invoiceDelete: ["invoice", "payment", "account"],
  invoiceRemind: ["invoice", "delivery"],

  paymentCreate: ["payment", "invoice", "account"],
  paymentRefund: ["payment", "invoice", "account"],

  payMethodCreate: ["payMethod"],
  payMethodVerify: ["payMethod"],
  payMethodSetDefault: ["payMethod", "subscription"],
  payMethodDelete: ["payMethod", "subscription"],

  gatewayCreate: ["gateway"],
  gatewayUpdate: ["gateway"],
  gatewaySetDefault: ["gateway"],
  gatewayDelete: ["gateway"],

  taxRateCreate: ["taxRate"],
  taxRateUpdate: ["taxRate", "invoice"],
  taxRateDelete: ["taxRate"],

  productGroupCreate: ["catalog"],
  productGroupUpdate: ["catalog", "subscription"],
  // Suspended, restored or deleted, its subscriptions stop or resume billing.
  productGroupSuspend: CATALOG_AND_BILLING,
  productGroupRestore: CATALOG_AND_BILLING,
  productGroupDelete: CATALOG_AND_BILLING,
  productCreate: ["catalog"],
  // A new period re-anchors its subscriptions and reprices their invoices ahead.
  productUpdate: CATALOG_AND_BILLING,
  productSuspend: ["catalog"],
  productRestore: ["catalog"],
  productDelete: CATALOG_AND_BILLING,
  componentCreate: ["catalog"],
  componentUpdate: CATALOG_AND_BILLING,
  componentSuspend: CATALOG_AND_BILLING,
  componentRestore: CATALOG_AND_BILLING,
  componentDelete: CATALOG_AND_BILLING,
  couponCreate: ["catalog"],
  couponUpdate: ["catalog", "subscription"],
  couponDelete: ["catalog", "subscription"],

  dunningRuleCreate: ["dunning"],
  dunningRuleUpdate: ["dunning"],
  dunningRuleDelete: ["dunning"],

  deliveryReplay: ["delivery"],
  deliveriesReplayFailed: ["delivery"],

  apiKeyCreate: ["apiKey"],
  apiKeyRevoke: ["apiKey"],
  signingSecretRotate: ["apiKey"],
  userKeyRotate: ["apiKey"],

  // The brand's name, currency, time zone and clock are in every page (and the switcher).
  brandUpdate: "everything",
  brandCreate: "everything",
  testClockAdvance: "everything",
  totpStart: ["security"],
  totpConfirm: ["security"],
  totpDisable: ["security"],
  signOutEverywhere: ["security"],

  staffInvite: ["staff"],
  staffResendInvite: ["staff"],
  staffSetRole: ["staff"],
  staffDisable: ["staff"],
  staffEnable: ["staff"],
  hubNoteAdd: ["note"],
  hubTicketOpen: ["ticket"],
  hubSignInLink: ["customerUser"],

  userCreate: ["customerUser"],
  userUpdate: ["customerUser"],
  userSuspend: ["customerUser"],
  userRestore: ["customerUser"],
  userDelete: ["customerUser"],
  userCreateToken: ["customerUser"],
  ticketCreate: ["ticket"],
  ticketUpdate: ["ticket"],
  ticketMerge: ["ticket"],
  ticketDelete: ["ticket"],
  noteCreate: ["note"],
  noteDelete: ["note"],
  categoryCreate: ["knowledge"],
  categoryUpdate: ["knowledge"],
  categoryDelete: ["knowledge"],
  categoryRestore: ["knowledge"],
  articleCreate: ["knowledge"],
  articleUpdate: ["knowledge"],
  articleDelete: ["knowledge"],
  articleRestore: ["knowledge"],
  notificationCreate: ["notification"],
  notificationUpdate: ["notification"],
  notificationDelete: ["notification"],
  notificationRestore: ["notification"],
};

type PortalResource = "profile" | "users" | "subscription" | "invoice" | "payMethod" | "ticket";

/** Portal pages, under /portal ("": its home, which lists subscriptions, invoices and tickets). */
const PORTAL_PAGES: Record<PortalResource, readonly string[]> = {
  profile: ["/account"],
  users: ["/account"],
  subscription: ["", "/subscriptions", "/subscriptions/[subscription_id]"],
  invoice: ["", "/invoices", "/invoices/[invoice_id]"],
  payMethod: ["/pay-methods", "/subscriptions/[subscription_id]", "/invoices/[invoice_id]"],
  ticket: ["", "/support", "/support/[ticket_id]"],
};

export const PORTAL_CHANGES: Record<PortalActionName, readonly PortalResource[] | "everything"> = {
  openTicket: ["ticket"],
  replyToTicket: ["ticket"],
  // The signed-in customer's name and locale are in the header of every page.
  updateProfile: "everything",
  changePassword: ["profile"],
  setTwoStep: ["profile"],
  addUser: ["users"],
  editUser: ["users"],
  removeUser: ["users"],
  payInvoice: ["invoice"],
  addPayMethod: ["payMethod"],
  verifyPayMethod: ["payMethod"],
  setDefaultPayMethod: ["payMethod"],
  removePayMethod: ["payMethod"],
  changePlan: ["subscription", "invoice"],
  estimateChangePlan: [],
  estimateUpdate: [],
  updateSubscription: ["subscription", "invoice"],
  updateAutoPay: ["subscription", "payMethod"],
  cancelSubscription: ["subscription", "invoice"],
};

/** One path to revalidate: a page (its address) or a layout (a section and every page under it). */
export interface Revalidation {
  path: string;
  type?: "layout";
}

/** Ids that may be put in a path (a record's id, never the browser's free text). */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The paths of `pages` under `root`, ids filled in from `fields` (an id not known: the section, as a layout). */
export function resolvePages(root: string, pages: readonly string[], fields: Record<string, unknown>): Revalidation[] {
  const out = new Map<string, Revalidation>();
  for (const page of pages) {
    const section = page.endsWith("/*");
    const template = section ? page.slice(0, -2) : page;
    let known = true;
    const path = template.replace(/\[(\w+)\]/g, (_, name: string) => {
      const id = fields[name];
      if (typeof id === "string" && ID.test(id)) return id;
      known = false;
      return "";
    });
    const r: Revalidation = known
      ? { path: root + path, ...(section ? { type: "layout" as const } : {}) }
      : { path: root + template.slice(0, template.indexOf("/[")), type: "layout" };
    out.set(`${r.path} ${r.type ?? "page"}`, r);
  }
  return [...out.values()];
}

/** The ids an action names: its fields (what the browser sent) and its answer's (a record it made). */
export function fieldsOf(input: unknown, data: unknown): Record<string, unknown> {
  const plain = (v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  return { ...plain(data), ...plain(input) };
}

const resourcesOf = <R extends string>(change: readonly R[], pages: Record<R, readonly string[]>) => [...new Set(change.flatMap((r) => pages[r]))];

/** What a staff action revalidates on the brand `brandId`. */
export function staffRevalidation(name: string | undefined, brandId: string, fields: Record<string, unknown>): Revalidation[] {
  const root = `/dashboard/${brandId}`;
  const change = name !== undefined && Object.hasOwn(STAFF_CHANGES, name) ? STAFF_CHANGES[name as StaffActionName] : "everything";
  if (change === "everything") return [{ path: root, type: "layout" }];
  if (change.length === 0) return [];
  return resolvePages(root, [...resourcesOf(change, DASHBOARD_PAGES), ...DASHBOARD_ALWAYS], fields);
}

/** What a portal action revalidates for the signed-in customer. */
export function portalRevalidation(name: string | undefined, fields: Record<string, unknown>): Revalidation[] {
  const change = name !== undefined && Object.hasOwn(PORTAL_CHANGES, name) ? PORTAL_CHANGES[name as PortalActionName] : "everything";
  if (change === "everything") return [{ path: "/portal", type: "layout" }];
  return resolvePages("/portal", resourcesOf(change, PORTAL_PAGES), fields);
}

/** Every page the tables name, as templates under their roots (the test finds each under app/). */
export const NAMED_PAGES = {
  dashboard: [...new Set([...Object.values(DASHBOARD_PAGES).flat(), ...DASHBOARD_ALWAYS])],
  portal: [...new Set(Object.values(PORTAL_PAGES).flat())],
};
