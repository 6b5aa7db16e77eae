import { z } from "zod";
import { email, flag, id, imageUrl, integer, keep, opt, req, multilineText, text, url } from "../wire/params";

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
};

const name = () => text(255).min(1, { error: "must not be empty" });
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
  sandbox: opt(
    flag(),
    "Y: a sandbox brand, for rehearsing: its time is a test clock, frozen at creation and moved only by TestClock/Advance (default N: live, real time)",
  ),
});

/** Send only what changes: name, description and logo_url can change but not be cleared. */
export const UpdateBrandParams = z.object({
  update_brand_id: req(id(), "The brand to change", { refersTo: "Brand" }),
  name: keep(name(), "The brand's name"),
  description: keep(description(), "What the brand sells"),
  logo_url: keep(logo(), "Address of the logo: a GIF, PNG, JPG or JPEG image"),
  ...optionalFields,
  sandbox: opt(
    flag(),
    "Y turns a live brand into a sandbox brand, its test clock frozen at the real time now; a sandbox brand never goes back to live (N is refused)",
  ),
});

export const DeleteBrandParams = z.object({
  delete_brand_id: req(id(), "The brand to delete; irreversible: its brand_id stops authenticating", { refersTo: "Brand" }),
});

export type CreateBrandInput = z.output<typeof CreateBrandParams>;
export type UpdateBrandInput = z.output<typeof UpdateBrandParams>;
