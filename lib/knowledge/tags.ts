import { z } from "zod";

export const TAG_MAX = 100;
export const TAGS_PARAM_MAX = 2000;

/** Splits the usual ways of writing tags: a JSON array, a list separated by , ; | or new lines, or words ("#billing #faq"). */
function splitTags(raw: string): string[] {
  const text = raw.trim();
  if (text.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed) && parsed.every((t) => typeof t === "string")) return parsed;
    } catch {
      /* not JSON: read it as text */
    }
  }
  return /[,;|\n]/.test(text) ? text.split(/[,;|\n]/) : text.split(/\s+/);
}

/** Tags as stored: trimmed, without a leading '#', inner spaces collapsed, duplicates (any case) dropped. */
export function parseTags(raw: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of splitTags(raw)) {
    const tag = part.trim().replace(/^#+/, "").replace(/\s+/g, " ").trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** The tags parameter: any common tag format, at least one tag, each at most TAG_MAX characters. */
export const tagList = () =>
  z
    .string()
    .max(TAGS_PARAM_MAX, { error: `must be at most ${TAGS_PARAM_MAX} characters` })
    .transform((s, c) => {
      const tags = parseTags(s);
      if (!tags.length) c.issues.push({ code: "custom", message: "must name at least one tag", input: s });
      const long = tags.find((t) => t.length > TAG_MAX);
      if (long) c.issues.push({ code: "custom", message: `must have tags of at most ${TAG_MAX} characters each`, input: s });
      // Checked after splitting: a JSON array's "\u0000" escape only shows once parsed (PostgreSQL refuses NUL).
      if (tags.some((t) => /[\u0000-\u001f\u007f]/.test(t))) c.issues.push({ code: "custom", message: "must not contain control characters", input: s });
      // And a "\ud800" escape parses to a lone surrogate, which would be stored as U+FFFD.
      if (tags.some((t) => !t.isWellFormed())) c.issues.push({ code: "custom", message: "is not valid UTF-8 (a lone surrogate escape)", input: s });
      return tags;
    });

/** How tags read on the wire. */
export const formatTags = (tags: string[]) => tags.join(", ");
