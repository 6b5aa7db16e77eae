import type { brands } from "../../db/schema";

export type BrandRow = typeof brands.$inferSelect;

/**
 * Brands as every reader gets them (the dashboard's brands pages, the portal's header and footer,
 * the API's Brand/List through toWire in ./view.ts): never a secret (the webhook secrets, the
 * request hash key); instants as Dates. Brands belong to a service account, not to a brand: Brand/List
 * and the brands page read the acting credentials' service account's brands (./list-brands.ts).
 */
export interface BrandRead {
  id: string;
  name: string;
  description: string;
  logoUrl: string;
  websiteUrl: string | null;
  websiteLoginUrl: string | null;
  supportEmail: string | null;
  supportLink: string | null;
  supportPhone: string | null;
  termsUrl: string | null;
  privacyUrl: string | null;
  socialMediaSite1: string | null;
  socialMediaSite2: string | null;
  socialMediaSite3: string | null;
  socialMediaSite4: string | null;
  /** ISO 4217 code of the currency the brand bills in. */
  currency: string;
  legalName: string | null;
  address: string | null;
  country: string | null;
  taxId: string | null;
  invoicePrefix: string;
  /** Days after a declined renewal charge on which it is retried, ascending; empty: never. */
  retryDays: number[];
  proration: BrandRow["proration"];
  createdAt: Date;
  updatedAt: Date;
  /** Set once the brand is deleted (for good: its brand_id stops authenticating). */
  deletedAt: Date | null;
}

export const readBrand = (b: BrandRow): BrandRead => ({
  id: b.id,
  name: b.name,
  description: b.description,
  logoUrl: b.logoUrl,
  websiteUrl: b.websiteUrl,
  websiteLoginUrl: b.websiteLoginUrl,
  supportEmail: b.supportEmail,
  supportLink: b.supportLink,
  supportPhone: b.supportPhone,
  termsUrl: b.termsUrl,
  privacyUrl: b.privacyUrl,
  socialMediaSite1: b.socialMediaSite1,
  socialMediaSite2: b.socialMediaSite2,
  socialMediaSite3: b.socialMediaSite3,
  socialMediaSite4: b.socialMediaSite4,
  currency: b.currency,
  legalName: b.legalName,
  address: b.address,
  country: b.country,
  taxId: b.taxId,
  invoicePrefix: b.invoicePrefix,
  retryDays: b.retryDays,
  proration: b.proration,
  createdAt: b.createdAt,
  updatedAt: b.updatedAt,
  deletedAt: b.deletedAt,
});
