import { availableParallelism } from "node:os";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { configDefaults } from "vitest/config";
import { enumModules } from "./scripts/enumModules";
import { iconModules } from "./scripts/iconModules";
import { loginBudget } from "./scripts/loginBudget";
import { precompress } from "./scripts/precompress";

/** The Go portal: it answers Connect, REST and translations at the same origin in production. */
const portal = "http://127.0.0.1:8080";

/** Test files that replace modules with vi.mock: each runs in a module graph of its own. */
const isolated = "src/**/*.isolated.test.{ts,tsx}";

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
    setupFiles: ["src/test/setup.ts"],
    restoreMocks: true,
    // Worker threads rather than child processes: 10 files ran in 162 s
    // instead of 244 s here.
    pool: "threads",
    // One worker a core. Vitest's default leaves one core to its main
    // process, which idles: on two cores that was one worker, and the suite
    // ran in 3m30s rather than 2m16s.
    maxWorkers: availableParallelism(),
    // Above the 40 s of testing-library's waits (src/test/setup.ts), so a
    // missing element fails with its own message rather than a time-out.
    testTimeout: 90_000,
    // Most files share their worker's modules and jsdom, file after file
    // (isolate: false): each file no longer imports React, Radix and the
    // generated messages afresh, and the suite ran in 3m26s instead of 6m25s
    // here. The setup file still runs before each file and cleans up after
    // each test. A file that replaces a module (vi.mock) cannot share: the
    // modules it replaces are already loaded by the files before it, so it is
    // named *.isolated.test.tsx and runs alone (eslint refuses vi.mock elsewhere).
    // (A project's lists add to the root's: so the root names no files.)
    projects: [
      {
        extends: true,
        test: {
          name: "shared",
          isolate: false,
          include: ["src/**/*.test.{ts,tsx}"],
          exclude: [...configDefaults.exclude, isolated],
        },
      },
      {
        extends: true,
        test: {
          name: "isolated",
          include: [isolated],
        },
      },
    ],
  },
});
