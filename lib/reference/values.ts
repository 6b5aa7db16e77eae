/** The acceptable `locale` and `timezone_id` values (Reference/List); other verbs validate against these. */
const LOCALE_CODES = [
  "ar-AE",
  "ar-SA",
  "cs-CZ",
  "da-DK",
  "de-AT",
  "de-CH",
  "de-DE",
  "el-GR",
  "en-AU",
  "en-CA",
  "en-GB",
  "en-IE",
  "en-IN",
  "en-NZ",
  "en-SG",
  "en-US",
  "en-ZA",
  "es-AR",
  "es-CO",
  "es-ES",
  "es-MX",
  "es-US",
  "fi-FI",
  "fr-BE",
  "fr-CA",
  "fr-CH",
  "fr-FR",
  "he-IL",
  "hi-IN",
  "hu-HU",
  "id-ID",
  "it-IT",
  "ja-JP",
  "ko-KR",
  "ms-MY",
  "nb-NO",
  "nl-BE",
  "nl-NL",
  "pl-PL",
  "pt-BR",
  "pt-PT",
  "ro-RO",
  "ru-RU",
  "sk-SK",
  "sv-SE",
  "th-TH",
  "tr-TR",
  "uk-UA",
  "vi-VN",
  "zh-CN",
  "zh-HK",
  "zh-TW",
] as const;

const names = new Intl.DisplayNames(["en"], { type: "language" });

export const locales = LOCALE_CODES.map((code) => ({ code, name: names.of(code) ?? code }));

/** IANA time zones as this runtime's ICU knows them, plus UTC. */
export const timezones: string[] = Array.from(new Set(["UTC", ...Intl.supportedValuesOf("timeZone")]));

const localeSet = new Set<string>(LOCALE_CODES);
const timezoneSet = new Set(timezones);

export const isLocale = (s: string) => localeSet.has(s);
export const isTimezone = (s: string) => timezoneSet.has(s);

/** The zone's offset from UTC at `at`, as +HH:MM. */
export function utcOffset(timeZone: string, at: Date): string {
  const part = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).formatToParts(at).find((p) => p.type === "timeZoneName")?.value;
  const m = /GMT([+-]\d{2}:\d{2})?/.exec(part ?? "");
  return m?.[1] ?? "+00:00";
}
