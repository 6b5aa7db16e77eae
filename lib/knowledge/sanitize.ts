import sanitizeHtml from "sanitize-html";

/**
 * Article HTML as readers may see it: common formatting, links and images stay; scripts, styles,
 * event handlers (onclick=...) and javascript: addresses go. Plain text passes through (escaped).
 */
/** The tags an article keeps (sanitize-html's defaults and images). */
export const ARTICLE_TAGS: readonly string[] = [...sanitizeHtml.defaults.allowedTags, "img"];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ARTICLE_TAGS],
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
