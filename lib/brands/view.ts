import { formatRetryDays } from "../pricing/retries";
import { readBrand, type BrandRead, type BrandRow } from "./read";

/** The wire: a brand as the API answers it, from its read row (never its webhook secret). Only lib/api calls it (and the write verbs through brandView). */
export const brandToWire = (b: BrandRead) => ({
  brand_id: b.id,
  name: b.name,
  description: b.description,
  logo_url: b.logoUrl,
  website_url: b.websiteUrl,
  website_login_url: b.websiteLoginUrl,
  support_email: b.supportEmail,
  support_link: b.supportLink,
  support_phone: b.supportPhone,
  terms_url: b.termsUrl,
  privacy_url: b.privacyUrl,
  social_media_site1: b.socialMediaSite1,
  social_media_site2: b.socialMediaSite2,
  social_media_site3: b.socialMediaSite3,
  social_media_site4: b.socialMediaSite4,
  currency: b.currency,
  legal_name: b.legalName,
  address: b.address,
  country: b.country,
  tax_id: b.taxId,
  invoice_prefix: b.invoicePrefix,
  retry_days: formatRetryDays(b.retryDays),
  proration: b.proration,
  status: b.deletedAt ? "deleted" : "active",
  created: b.createdAt,
  updated: b.updatedAt,
});

/** What the write verbs answer today: the wire of the brand as it now stands. */
export const brandView = (b: BrandRow) => brandToWire(readBrand(b));
