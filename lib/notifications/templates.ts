import Mustache from "mustache";
import type { Brand } from "../auth/context";
import { fieldsOf, namespacesOf, type NotificationEvent } from "./events";
import { withoutSecrets as erasedSecrets, type Namespace } from "./placeholders";

type Token = [type: string, value: string, start: number, end: number, children?: Token[]];

// A Writer per call: mustache's shared one caches every template string it ever saw.
const parse = (template: string) => new Mustache.Writer().parse(template) as Token[];

/**
 * Why a template cannot be used for this event, or null when it can: it must parse, use only the
 * event's placeholders, and in HTML never print a value unescaped ({{{x}}} or {{& x}}).
 */
export function templateProblem(template: string, event: NotificationEvent, html: boolean): string | null {
  let tokens: Token[];
  try {
    tokens = parse(template);
  } catch (err) {
    return `is not a valid template: ${(err as Error).message}`;
  }
  const namespaces = namespacesOf(event);
  // Only what this event carries: a placeholder it never fills would print empty.
  const known = (name: string, sections: string[]) =>
    name === "." ||
    namespaces.some((ns) => name === ns || (name.startsWith(`${ns}.`) && fieldsOf(event, ns).includes(name.slice(ns.length + 1)))) ||
    sections.some((ns) => fieldsOf(event, ns as Namespace).includes(name));

  const walk = (list: Token[], sections: string[]): string | null => {
    for (const [type, name, , , children] of list) {
      if (type === ">") return `must not use partials ({{> ${name}}})`;
      if (type === "&" && html) return `must not print values unescaped ({{{${name}}}}); use {{${name}}}`;
      if (type === "name" || type === "&" || type === "#" || type === "^") {
        if (!known(name, sections)) return `uses an unknown placeholder {{${name}}} for ${event}; see the list in the parameter description`;
      }
      if (children) {
        const inner = walk(children, (namespaces as string[]).includes(name) ? [...sections, name] : sections);
        if (inner) return inner;
      }
    }
    return null;
  };
  return walk(tokens, []);
}

export type TemplateView = Record<string, Record<string, string>>;

/** Picks the listed fields out of an untrusted object, as strings. */
function pick(fields: readonly string[], source: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!source || typeof source !== "object") return out;
  for (const field of fields) {
    const v = (source as Record<string, unknown>)[field];
    if (typeof v === "string" || typeof v === "number") out[field] = String(v);
  }
  return out;
}

/** M/D/YYYY of an instant in the brand's time zone. */
const dayIn = (timeZone: string, at: Date) => new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric" }).format(at);

/** The values a template of `event` sees: the brand's fields, the event, and the payload's namespaces. */
export function templateView(event: NotificationEvent, brand: Brand, payload: Record<string, unknown>, at: Date): TemplateView {
  const view: TemplateView = {
    brand: pick(fieldsOf(event, "brand"), {
      name: brand.name,
      description: brand.description,
      logo_url: brand.logoUrl,
      website_url: brand.websiteUrl,
      website_login_url: brand.websiteLoginUrl,
      support_email: brand.supportEmail,
      support_link: brand.supportLink,
      support_phone: brand.supportPhone,
      terms_url: brand.termsUrl,
      privacy_url: brand.privacyUrl,
    }),
    event: { type: event, date: dayIn(brand.timezoneId, at) },
  };
  for (const ns of namespacesOf(event)) if (!(ns in view)) view[ns] = pick(fieldsOf(event, ns), payload[ns]);
  return view;
}

/** The view for the brand's copy and the cc copy: the same, without credentials (or with them masked: `mask`). */
export const withoutSecrets = (view: TemplateView, mask?: string): TemplateView => erasedSecrets(view, mask) ?? view;

/** Renders a checked template; values are HTML-escaped in HTML, left as they are in a subject line. */
export function renderTemplate(template: string, view: TemplateView, html: boolean): string {
  const out = new Mustache.Writer().render(template, view, {}, html ? undefined : { escape: (s: string) => s });
  // A subject is one line: a value carrying a newline must not start a new header.
  return html ? out : out.replace(/[\r\n]+/g, " ").trim();
}
