import dayjs from "dayjs";
import "dayjs/locale/en-gb";
import "dayjs/locale/en-au";
import "dayjs/locale/en-nz";
import "dayjs/locale/en-ca";
import "dayjs/locale/en-ie";
import "dayjs/locale/de";
import "dayjs/locale/fr";
import "dayjs/locale/es";
import "dayjs/locale/nl";
import "dayjs/locale/it";
import "dayjs/locale/pt";

/**
 * The date locale (SPEC §7: it follows the user's country). Only these are bundled, so the browser
 * never loads a locale on demand; anything else falls back to the closest language or "en".
 */
export const SUPPORTED_LOCALES = [
  "en",
  "en-gb",
  "en-au",
  "en-nz",
  "en-ca",
  "en-ie",
  "de",
  "fr",
  "es",
  "nl",
  "it",
  "pt",
] as const;
export type DateLocale = (typeof SUPPORTED_LOCALES)[number];

const COUNTRY_LOCALES: Record<string, DateLocale> = {
  US: "en",
  GB: "en-gb",
  UK: "en-gb",
  AU: "en-au",
  NZ: "en-nz",
  CA: "en-ca",
  IE: "en-ie",
  ZA: "en-gb",
  DE: "de",
  AT: "de",
  CH: "de",
  FR: "fr",
  BE: "fr",
  ES: "es",
  MX: "es",
  AR: "es",
  NL: "nl",
  IT: "it",
  PT: "pt",
  BR: "pt",
};

export function localeForCountry(country: string | null | undefined): DateLocale | null {
  return (country && COUNTRY_LOCALES[country.toUpperCase()]) || null;
}

/** The best supported locale of an Accept-Language header (or navigator.languages joined). */
export function localeFromAcceptLanguage(header: string | null | undefined): DateLocale {
  const tags = (header ?? "")
    .split(",")
    .map((part) => {
      const [tag, q] = part.trim().split(";q=");
      return { tag: tag.toLowerCase(), q: q ? Number(q) : 1 };
    })
    .filter((t) => t.tag && t.tag !== "*")
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    if ((SUPPORTED_LOCALES as readonly string[]).includes(tag)) return tag as DateLocale;
    const [lang, region] = tag.split("-");
    const byRegion = lang === "en" && region ? localeForCountry(region) : null;
    if (byRegion) return byRegion;
    if ((SUPPORTED_LOCALES as readonly string[]).includes(lang)) return lang as DateLocale;
  }
  return "en";
}

export function applyDayjsLocale(locale: DateLocale) {
  dayjs.locale(locale);
}
