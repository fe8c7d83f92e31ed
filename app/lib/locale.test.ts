import { describe, expect, it } from "vitest";
import { localeForCountry, localeFromAcceptLanguage } from "~/lib/locale";

describe("date locale", () => {
  it("follows the country where known", () => {
    expect(localeForCountry("gb")).toBe("en-gb");
    expect(localeForCountry("AU")).toBe("en-au");
    expect(localeForCountry("DE")).toBe("de");
    expect(localeForCountry("JP")).toBeNull();
    expect(localeForCountry(null)).toBeNull();
  });

  it("falls back to the Accept-Language header by quality", () => {
    expect(localeFromAcceptLanguage("en-AU,en;q=0.9")).toBe("en-au");
    expect(localeFromAcceptLanguage("ja;q=1, fr-CA;q=0.8, de;q=0.9")).toBe("de");
    expect(localeFromAcceptLanguage("en-US")).toBe("en");
    expect(localeFromAcceptLanguage("nl-BE")).toBe("nl");
    expect(localeFromAcceptLanguage("")).toBe("en");
    expect(localeFromAcceptLanguage(null)).toBe("en");
  });
});
