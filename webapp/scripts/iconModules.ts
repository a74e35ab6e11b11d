import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Plugin } from "vite";

const prefix = "\0radix-icon:";
const helperId = `${prefix}helper`;

/**
 * @radix-ui/react-icons ships its 318 icons as one ES module. A module is
 * never split between chunks, so every icon any page uses rode along with the
 * first page (about 16 KB gzip on /login, issue 16). This build-only plugin
 * rewrites the app's `import { XIcon } from "@radix-ui/react-icons"` into one
 * virtual module per icon, cut from that file, so each icon goes with the
 * chunks that use it. Tests and the dev server keep the package as it is.
 */
export function iconModules(): Plugin {
  let icons: Map<string, string> | undefined;
  const source = () => {
    if (icons) return icons;
    const require = createRequire(import.meta.url);
    const file = require.resolve("@radix-ui/react-icons").replace(/index\.js$/, "dist/react-icons.esm.js");
    const text = readFileSync(file, "utf8");
    icons = new Map();
    // Each icon is `var _excluded$N = ["color"];` followed by `var XIcon = /*#__PURE__*/forwardRef(...);`.
    for (const block of text.split(/\n(?=var _excluded)/).slice(1)) {
      const name = /\nvar (\w+) = /.exec(block)?.[1];
      if (!name) continue;
      icons.set(name, block.replace(/\nexport \{[\s\S]*$/, "").replace(/_excluded\$\w+/g, "_excluded"));
    }
    return icons;
  };
  return {
    name: "portal-icon-modules",
    apply: "build",
    enforce: "pre",
    transform(code, id) {
      if (id.includes("node_modules") || !code.includes("@radix-ui/react-icons")) return null;
      return code.replace(/import\s*\{([^}]*)\}\s*from\s*["']@radix-ui\/react-icons["'];?/g, (_, names: string) =>
        names
          .split(",")
          .map((name) => name.trim())
          .filter(Boolean)
          .map((name) => `import { ${name} } from "${prefix}${name.split(/\s+as\s+/)[0]}";`)
          .join("\n"),
      );
    },
    resolveId(id) {
      return id.startsWith(prefix) ? id : null;
    },
    load(id) {
      if (!id.startsWith(prefix)) return null;
      if (id === helperId) {
        return `export function _objectWithoutPropertiesLoose(source, excluded) {
  if (source == null) return {};
  var target = {};
  for (var key of Object.keys(source)) if (excluded.indexOf(key) < 0) target[key] = source[key];
  return target;
}`;
      }
      const name = id.slice(prefix.length);
      const block = source().get(name);
      if (!block) this.error(`@radix-ui/react-icons has no ${name}`);
      return `import { forwardRef, createElement } from "react";
import { _objectWithoutPropertiesLoose } from "${helperId}";
${block}
export { ${name} };`;
    },
  };
}
