import { i18n, type Messages } from "@lingui/core";
import { type Locale, resolveLocale } from "./locales";

/** sessionStorage key: the choice lasts for the browser session, as spec 1 §4 asks. */
const sessionKey = "portal.locale";

/** The locale to start with: the session's choice, else the browser's language, else English. */
export function initialLocale(): Locale {
  return resolveLocale(sessionStorage.getItem(sessionKey), navigator.languages ?? [navigator.language]);
}

/*
 * Each locale's catalog comes in two chunks (scripts/splitCatalogs.mjs): the
 * messages of what the entry holds (the shell, the start page, /login, the
 * error texts), and the rest, which the first lazily loaded part of the app
 * waits for (issue 16: /login downloads a third of the catalog).
 */
const loginPart = (locale: Locale): Promise<{ messages: Messages }> => import(`../locales/${locale}.login.ts`);
const restPart = (locale: Locale): Promise<{ messages: Messages }> => import(`../locales/${locale}.rest.ts`);

let fullCatalog = false;
const restLoads = new Map<string, Promise<void>>();

function loadRest(locale: Locale): Promise<void> {
  let load = restLoads.get(locale);
  if (!load) {
    load = restPart(locale).then(({ messages }) => i18n.load(locale, messages));
    // A failed load (offline for a moment) is tried again by the next caller.
    load.catch(() => restLoads.delete(locale));
    restLoads.set(locale, load);
  }
  return load;
}

/**
 * The whole catalog of the active locale, from now on also for every locale
 * switched to. A message missing from the first part (a text the split did
 * not foresee) asks for it too, and shows once it is there.
 */
export function loadFullCatalog(): Promise<void> {
  fullCatalog = true;
  return loadRest(i18n.locale as Locale);
}

/** A lazily loaded part of the app, ready once the catalog holds its messages too. */
export function withFullCatalog<T>(load: Promise<T>): Promise<T> {
  return Promise.all([load, loadFullCatalog()]).then(([module]) => module);
}

i18n.on("missing", () => {
  if (i18n.locale) void loadFullCatalog();
});

/**
 * Loads the compiled catalog of a locale (chunks per locale, so a visitor
 * downloads only their language), switches Lingui to it, remembers the choice
 * and keeps `<html lang>` in step for screen readers and hyphenation.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  const [{ messages }] = await Promise.all([loginPart(locale), fullCatalog ? loadRest(locale) : undefined]);
  i18n.load(locale, messages);
  i18n.activate(locale);
  sessionStorage.setItem(sessionKey, locale);
  document.documentElement.lang = locale;
}
