/// <reference types="vitest/config" />
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { enumModules } from "./scripts/enumModules";
import { iconModules } from "./scripts/iconModules";
import { loginBudget } from "./scripts/loginBudget";
import { precompress } from "./scripts/precompress";

/** The Go portal: it answers Connect, REST and translations at the same origin in production. */
const portal = "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [
    // The Lingui macros (t, msg, <Trans>) become catalog lookups at compile time.
    react({ babel: { plugins: ["@lingui/babel-plugin-lingui-macro"] } }),
    // One module per icon, so each page carries only its own icons.
    iconModules(),
    // An import of generated enums alone does not bring the protobuf runtime (issue 26).
    enumModules(),
    // Prints what /login loads and fails the build over 150 KB gzip (issues 16, 26).
    loginBudget(),
    // name.gz beside every text file, which the portal sends to browsers that accept gzip.
    precompress(),
  ],
  server: {
    proxy: Object.fromEntries(
      ["/portal.v1.", "/management", "/web/api", "/i18n", "/api-docs"].map((prefix) => [prefix, portal]),
    ),
  },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test/setup.ts"],
    restoreMocks: true,
    // Worker threads rather than child processes: each file still has its own
    // module graph and jsdom, and 10 files ran in 162 s instead of 244 s here.
    pool: "threads",
    // Above the 10 s of testing-library's waits (src/test/setup.ts), so a
    // missing element fails with its own message rather than a time-out.
    testTimeout: 30_000,
  },
});
