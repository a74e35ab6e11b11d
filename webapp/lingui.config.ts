import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

/**
 * Catalogs live next to each other as src/locales/{locale}.po; English is the
 * source language. `lingui compile --strict` (run by build and test) fails on
 * any message left untranslated, which keeps the five catalogs complete.
 */
export default defineConfig({
  sourceLocale: "en",
  locales: ["de", "en", "es", "it", "nl"],
  fallbackLocales: { default: "en" },
  catalogs: [
    {
      path: "<rootDir>/src/locales/{locale}",
      include: ["<rootDir>/src"],
      exclude: ["**/node_modules/**", "<rootDir>/src/gen/**", "**/*.test.*"],
    },
  ],
  orderBy: "message",
  // File names without line numbers: moving code does not churn the catalogs.
  format: formatter({ lineNumbers: false }),
});
