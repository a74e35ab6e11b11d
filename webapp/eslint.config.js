// ESLint for the webapp: TypeScript, React and hooks rules, no import cycles,
// and the folder boundaries of README.md ("Where things are"), so that the
// layers stay what the map says.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every feature folder: each may import shared modules, none another feature. */
const features = fs
  .readdirSync(path.join(here, "src/features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The shared modules: what features, the shell and the routes build on. They know no page that uses them. */
const shared = ["api", "auth", "components", "errors", "files", "i18n", "navigation", "pages", "printing", "shipping"];

/** The composition: the routes put features into the shell; only they (and App, main and tests) see everything. */
const composition = ["./src/routes", "./src/App.tsx", "./src/main.tsx"];

/** Tests and their helpers (src/test) may import anything; nothing else imports the helpers. */
const tests = ["src/**/*.test.{ts,tsx}", "src/test/**"];

const boundaries = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: "./src/features",
    except: [`./${feature}`],
    message: "Features do not import each other: move what both need into a shared module (README.md).",
  })),
  {
    target: "./src/features",
    from: ["./src/shell", ...composition],
    message: "A feature does not reach into the shell or the routes; page titles and paths live in src/navigation.",
  },
  {
    target: shared.map((module) => `./src/${module}`),
    from: ["./src/features", "./src/shell", ...composition],
    message: "Shared modules know no feature, shell or route that uses them.",
  },
  {
    target: "./src/shell",
    from: ["./src/features", ...composition],
    message: "The shell does not import features or routes: what it needs lives in a shared module.",
  },
];

export default tseslint.config(
  { ignores: ["dist", "src/gen", "src/locales", "test-results", "playwright-report"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser },
    },
    settings: {
      // How import-x parses TypeScript files to follow their imports (no-cycle needs it).
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      react: { version: "detect" },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.app.json" })],
    },
    plugins: { react, "react-hooks": reactHooks, "import-x": importX },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...importX.flatConfigs.recommended.rules,
      ...importX.flatConfigs.typescript.rules,
      // TypeScript checks props; the rule only repeats it.
      "react/prop-types": "off",
      // Cycles among our own modules: following imports into node_modules doubled the rule's time.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      // TypeScript already checks that a namespace import's members exist.
      "import-x/namespace": "off",
      "import-x/no-self-import": "error",
      "import-x/no-useless-path-segments": "error",
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            ...boundaries,
            {
              target: [...shared, "features", "shell", "routes", "App.tsx", "main.tsx"].map(
                (module) => `./src/${module}`,
              ),
              from: "./src/test",
              message: "Only tests use the test helpers.",
            },
          ],
        },
      ],
      // The compiled catalogs (src/locales/{locale}.ts) are written by i18n:compile, which lint does not need to run first.
      "import-x/no-unresolved": ["error", { ignore: ["/locales/[a-z]{2}$"] }],
      // Apostrophes are ordinary letters of the English texts inside <Trans>; escaping them would
      // only make the sources harder to read. Stray > and } still count as typos.
      "react/no-unescaped-entities": ["error", { forbid: [">", "}"] }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Radix Themes is patched so that <Theme> no longer provides Radix's tooltips (the /login budget,
      // pnpm-workspace.yaml); Radix Themes' <Tooltip> brings its own provider, Radix's own would have none.
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "radix-ui",
              importNames: ["Tooltip"],
              message: "Use Tooltip from @radix-ui/themes: it brings its own provider.",
            },
            {
              name: "@radix-ui/react-tooltip",
              message: "Use Tooltip from @radix-ui/themes: it brings its own provider.",
            },
          ],
        },
      ],
    },
  },
  {
    files: tests,
    rules: { "import-x/no-restricted-paths": ["error", { zones: boundaries }] },
  },
  {
    // Test files share their worker's modules (vite.config.ts): a module one replaced would be the
    // one the files before it loaded. A file that must replace one is named *.isolated.test.tsx.
    files: ["src/**/*.test.{ts,tsx}"],
    ignores: ["src/**/*.isolated.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
          message: "This file shares its modules with other test files: name it *.isolated.test.tsx to replace one.",
        },
      ],
    },
  },
  {
    files: ["vite.config.ts", "lingui.config.ts", "playwright.config.ts", "eslint.config.js", "e2e/**", "scripts/**"],
    languageOptions: { globals: { ...globals.node } },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.node.json" })],
    },
  },
);
