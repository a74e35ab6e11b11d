import { i18n } from "@lingui/core";
import { type Locale, resolveLocale } from "./locales";

/** sessionStorage key: the choice lasts for the browser session, as spec 1 §4 asks. */
const sessionKey = "portal.locale";

/** The locale to start with: the session's choice, else the browser's language, else English. */
export function initialLocale(): Locale {
  return resolveLocale(sessionStorage.getItem(sessionKey), navigator.languages ?? [navigator.language]);
}

/**
 * Loads the compiled catalog of a locale (one chunk per locale, so a visitor
 * downloads only their language), switches Lingui to it, remembers the choice
 * and keeps `<html lang>` in step for screen readers and hyphenation.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await import(`../locales/${locale}.ts`);
  i18n.loadAndActivate({ locale, messages });
  sessionStorage.setItem(sessionKey, locale);
  document.documentElement.lang = locale;
}
