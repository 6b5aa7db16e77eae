import type { Brand } from "../auth/context";

/** A brand as the API shows it (never its webhook secret). */
export const brandView = (b: Brand) => ({
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
  status: b.deletedAt ? "deleted" : "active",
  created: b.createdAt,
  updated: b.updatedAt,
});

/** API parameter names to columns, shared by Create and Update. */
export const BRAND_COLUMNS = {
  name: "name",
  description: "description",
  logo_url: "logoUrl",
  website_url: "websiteUrl",
  website_login_url: "websiteLoginUrl",
  support_email: "supportEmail",
  support_link: "supportLink",
  support_phone: "supportPhone",
  terms_url: "termsUrl",
  privacy_url: "privacyUrl",
  social_media_site1: "socialMediaSite1",
  social_media_site2: "socialMediaSite2",
  social_media_site3: "socialMediaSite3",
  social_media_site4: "socialMediaSite4",
} as const;
