import { z } from "zod";
import { addressLines, country, currency, email, flag, id, imageUrl, integer, keep, oneOf, opt, req, multilineText, text, url } from "../wire/params";
import { MAX_RETRIES, MAX_RETRY_DAY, parseRetryDays } from "../pricing/retries";
import { PRORATIONS } from "../../db/schema/brands";

/** Brand fields other than the three required on Create, all optional and clearable. */
const optionalFields = {
  website_url: opt(url(), "The brand's website", { example: "https://example.com" }),
  website_login_url: opt(url(), "Where customers sign in on the brand's website"),
  support_email: opt(email(), "Support email address shown to customers", { example: "support@example.com" }),
  support_link: opt(url(), "Support page address"),
  support_phone: opt(text(40), "Support phone number"),
  terms_url: opt(url(), "Terms of service address"),
  privacy_url: opt(url(), "Privacy policy address"),
  social_media_site1: opt(url(), "Profile on a general social network"),
  social_media_site2: opt(url(), "Profile on a microblog"),
  social_media_site3: opt(url(), "Profile on a video site"),
  social_media_site4: opt(url(), "Profile on a photo-sharing site"),
  legal_name: opt(text(255), "The legal name of the business issuing the brand's invoices (their seller; default the brand's name)", {
    example: "Acme Streaming Ltd",
  }),
  address: opt(addressLines(), "The seller's postal address on invoices: its lines separated by line feeds (at most 6 of 100 characters)", {
    example: "1 Main Street\nSpringfield, IL 62701",
  }),
  country: opt(country(), "The seller's country, ISO 3166-1 two-letter code", { example: "US" }),
  tax_id: opt(text(50), "The seller's tax or VAT number, printed on invoices", { example: "GB123456789" }),
  invoice_prefix: opt(
    invoicePrefix(),
    "Starts the brand's invoice numbers, <prefix>-000001: 2 to 10 letters or digits, any case (stored upper case); default (and empty) from the brand's name. A change names only invoices numbered afterwards",
    { example: "ACME" },
  ),
};

function invoicePrefix() {
  return z
    .string()
    .transform((s) => s.toUpperCase())
    .refine((s) => /^[A-Z0-9]{2,10}$/.test(s), { error: "must be 2 to 10 letters or digits, like ACME" });
}

const PRORATION_DESCRIPTION =
  "How a change mid-period (Subscription/ChangeProduct, components attached, detached or re-counted, coupons) is billed: none (default, the spec's behaviour 2: the next charge is priced from the changed data) or prorate (also bills, or credits to the prepaid balance, at once (days left / days in the period) x (new price - old price), half away from zero to the cent)";

/** The setting as the dashboard's brand forms offer it. */
export const PRORATION_OPTIONS = [
  { value: "none", label: "Price the next charge (no proration)" },
  { value: "prorate", label: "Prorate: bill or credit the rest of the period at once" },
];

const name = () => text(255).min(1, { error: "must not be empty" });

/** Retries of declined renewals (issue 32): "1,3,5" -> [1, 3, 5]; empty clears (none, the default). */
const retryDays = opt(
  text(100).transform((s, c) => {
    const days = parseRetryDays(s);
    if (typeof days !== "string") return days;
    c.issues.push({ code: "custom", message: days, input: s });
    return z.NEVER;
  }),
  `Days after a declined renewal charge on which it is retried, ascending, comma-separated (at most ${MAX_RETRIES}, the last at most ${MAX_RETRY_DAY} days after); empty: never retried (the default). Retries run before and apart from dunning rules; one that pays stops both`,
  { example: "1,3,5" },
);
const description = () => multilineText(2000).min(1, { error: "must not be empty" });
const logo = () => imageUrl();

export const ListBrandsParams = z.object({
  search_brand_id: opt(id(), "Only this brand (omit for all brands of the service account)", { refersTo: "Brand" }),
  // Any positive limit (spec: default all); an account has few brands, so a large one just lists them all.
  limit: opt(integer({ min: 1 }), "At most this many brands, any positive number (default all)"),
});

export const CreateBrandParams = z.object({
  name: req(name(), "The brand's name", { example: "Acme Streaming" }),
  description: req(description(), "What the brand sells", { example: "Video streaming plans" }),
  logo_url: req(logo(), "Address of the logo: a GIF, PNG, JPG or JPEG image", { example: "https://example.com/logo.png" }),
  ...optionalFields,
  currency: opt(
    currency(),
    "ISO 4217 code of the currency the brand bills in (default USD); every amount of the brand has its decimals: 25.00 USD, 2500 JPY, 12.345 KWD",
    {
      example: "USD",
    },
  ),
  retry_days: retryDays,
  sandbox: opt(
    flag(),
    "Y: a sandbox brand, for rehearsing: its time is a test clock, frozen at creation and moved only by TestClock/Advance (default N: live, real time)",
  ),
  proration: opt(oneOf(PRORATIONS), PRORATION_DESCRIPTION, { example: "none" }),
});

/** Send only what changes: name, description and logo_url can change but not be cleared. */
export const UpdateBrandParams = z.object({
  update_brand_id: req(id(), "The brand to change", { refersTo: "Brand" }),
  name: keep(name(), "The brand's name"),
  description: keep(description(), "What the brand sells"),
  logo_url: keep(logo(), "Address of the logo: a GIF, PNG, JPG or JPEG image"),
  ...optionalFields,
  currency: keep(currency(), "ISO 4217 code of the currency the brand bills in; cannot change once the brand has an invoice or a payment (409)"),
  retry_days: retryDays,
  sandbox: opt(
    flag(),
    "Y turns a live brand into a sandbox brand, its test clock frozen at the real time now; a sandbox brand never goes back to live (N is refused)",
  ),
  proration: keep(oneOf(PRORATIONS), `${PRORATION_DESCRIPTION}; absent keeps the stored one`),
});

export const DeleteBrandParams = z.object({
  delete_brand_id: req(id(), "The brand to delete; irreversible: its brand_id stops authenticating", { refersTo: "Brand" }),
});

export type CreateBrandInput = z.output<typeof CreateBrandParams>;
export type UpdateBrandInput = z.output<typeof UpdateBrandParams>;
