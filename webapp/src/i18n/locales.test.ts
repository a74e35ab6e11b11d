import { describe, expect, it } from "vitest";
import { defaultLocale, resolveLocale, supportedLocales } from "./locales";

describe("resolveLocale (spec 1 §4)", () => {
  it("prefers the locale kept for the session over the browser's languages", () => {
    expect(resolveLocale("it", ["de-DE", "en"])).toBe("it");
  });

  it("takes the first supported browser language when the session has none", () => {
    expect(resolveLocale(null, ["fr-FR", "nl-BE", "de"])).toBe("nl");
  });

  it("ignores a session value it has no catalog for", () => {
    expect(resolveLocale("fr", ["es-ES"])).toBe("es");
  });

  it("falls back to English", () => {
    expect(resolveLocale(null, ["fr-FR", "pt"])).toBe(defaultLocale);
    expect(resolveLocale(null, [])).toBe("en");
  });

  it.each(supportedLocales)("accepts the supported locale %s from the browser", (locale) => {
    expect(resolveLocale(null, [`${locale.toUpperCase()}-XX`])).toBe(locale);
  });
});
