import sanitizeHtml from "sanitize-html";

/**
 * Article HTML as readers may see it: common formatting, links and images stay; scripts, styles,
 * event handlers (onclick=...) and javascript: addresses go. Plain text passes through (escaped).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, "img"],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    img: ["src", "alt", "title", "width", "height"],
    "*": ["id", "class"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
};

export const sanitizeArticleHtml = (html: string) => sanitizeHtml(html, OPTIONS).trim();
