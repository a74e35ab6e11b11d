/** The locales the portal ships catalogs for (spec 1 §9); English is the default. */
export const supportedLocales = ["de", "en", "es", "it", "nl"] as const;

export type Locale = (typeof supportedLocales)[number];

export const defaultLocale: Locale = "en";

/** Each language named in itself, so that a visitor finds their own in any locale. */
export const localeNames: Record<Locale, string> = {
  de: "Deutsch",
  en: "English",
  es: "Español",
  it: "Italiano",
  nl: "Nederlands",
};

export function isSupportedLocale(value: string | null | undefined): value is Locale {
  return supportedLocales.includes(value as Locale);
}

/**
 * Picks the locale as spec 1 §4 orders it: the value kept for this session,
 * otherwise the first browser language we support (matching "de-CH" to "de"),
 * otherwise English.
 */
export function resolveLocale(sessionValue: string | null, browserLanguages: readonly string[]): Locale {
  if (isSupportedLocale(sessionValue)) return sessionValue;
  for (const language of browserLanguages) {
    const base = language.toLowerCase().split("-")[0];
    if (isSupportedLocale(base)) return base;
  }
  return defaultLocale;
}
