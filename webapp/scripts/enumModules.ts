import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Plugin } from "vite";

const suffix = "?enums";

/** The TypeScript enums a generated _pb.ts file declares, each as its members' names and numbers. */
function enumsOf(file: string): Map<string, [string, number][]> {
  const text = readFileSync(file, "utf8");
  const enums = new Map<string, [string, number][]>();
  for (const match of text.matchAll(/^export enum (\w+) \{\n([\s\S]*?)^\}/gm)) {
    const members = [...match[2].matchAll(/^\s+(\w+) = (-?\d+),$/gm)].map(
      ([, name, value]) => [name, Number(value)] as [string, number],
    );
    enums.set(match[1], members);
  }
  return enums;
}

/**
 * A module that holds a generated file's enums also holds its embedded
 * descriptor, and a module is never split between chunks: an `import { Role }`
 * in the shell brought the protobuf runtime (some 18 KB gzip) to /login,
 * which calls nothing over protobuf (issue 26). This build-only plugin points
 * an import of nothing but enums from a file in src/gen at a virtual module
 * with those enums alone, cut from the same generated file; the values are
 * the same numbers. Tests and the dev server import the generated file as it is.
 */
export function enumModules(): Plugin {
  return {
    name: "portal-enum-modules",
    apply: "build",
    transform(code, id) {
      if (!id.includes("/src/") || id.includes("/src/gen/") || !code.includes("_pb")) return null;
      let changed = false;
      const rewritten = code.replace(
        /import \{([^}]*)\} from "([^"]*\/gen\/[^"]*_pb)(?:\.ts|\.js)?";/g,
        (statement, names: string, path: string) => {
          if (!path.startsWith(".") && !path.startsWith("/")) return statement;
          const file = resolve(dirname(id.split("?")[0]), `${path}.ts`);
          const enums = enumsOf(file);
          const imported = names
            .split(",")
            .map((name) => name.trim().split(/\s+as\s+/)[0])
            .filter(Boolean);
          if (imported.length === 0 || !imported.every((name) => enums.has(name))) return statement;
          changed = true;
          return `import {${names}} from "${file}${suffix}";`;
        },
      );
      return changed ? { code: rewritten, map: null } : null;
    },
    resolveId(source) {
      return source.endsWith(suffix) ? `\0${source}` : null;
    },
    load(id) {
      if (!id.startsWith("\0") || !id.endsWith(suffix)) return null;
      const enums = enumsOf(id.slice(1, -suffix.length));
      return [...enums]
        .map(([name, members]) => {
          const body = members.map(
            ([member, value]) => `e[e[${JSON.stringify(member)}] = ${value}] = ${JSON.stringify(member)};`,
          );
          return `export const ${name} = /*@__PURE__*/ ((e) => { ${body.join(" ")} return e; })({});`;
        })
        .join("\n");
    },
  };
}
