import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { type Plugin, transformWithEsbuild } from "vite";

/**
 * What a signed-out visit to /login may download at most, gzipped (issues 16
 * and 26); the build fails above it. 196.0 KB were measured before Connect,
 * protobuf and React Query left the entry (api/connection.tsx), 141.4 KB after.
 */
export const loginBudgetBytes = 150 * 1024;

type Chunk = {
  type: "chunk";
  fileName: string;
  code: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  modules: Record<string, { renderedLength: number; code: string | null }>;
};

/** The lazy chunk a signed-out /login loads besides the entry's static graph: the first part of one catalog. */
const loginLazy = [/\/src\/locales\/en\.login\.ts$/];

/** The message ids of a compiled catalog (src/locales/{name}.ts). */
function catalogIds(name: string): Set<string> {
  const source = readFileSync(new URL(`../src/locales/${name}.ts`, import.meta.url), "utf8");
  const json = JSON.parse(source.match(/JSON\.parse\(("(?:[^"\\]|\\.)*")\)/)![1]) as string;
  return new Set(Object.keys(JSON.parse(json) as Record<string, unknown>));
}

/**
 * The messages /login's JavaScript names that its part of the catalog
 * (scripts/splitCatalogs.mjs) lacks: they would show as bare ids.
 */
function missingMessages(chunks: Chunk[]): string[] {
  const all = catalogIds("en");
  const login = catalogIds("en.login");
  const code = chunks.map((chunk) => chunk.code).join("\n");
  return [...all].filter((id) => !login.has(id) && (code.includes(`"${id}"`) || code.includes(`'${id}'`)));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Prints, after `vite build`, the JavaScript a signed-out visit to /login
 * loads (the entry, every chunk it imports statically, and the first part of
 * the English catalog) with raw and gzip sizes, and fails the build above
 * 150 KB gzip, or when that JavaScript names a message the first part of the
 * catalog lacks. LOGIN_BUDGET_MODULES=1 also lists the largest modules in
 * those chunks, to see what to split next.
 */
export function loginBudget(): Plugin {
  return {
    name: "portal-login-budget",
    apply: "build",
    // After every generateBundle hook: Vite writes the preload lists of the lazy imports into the code there.
    async writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === "chunk") as unknown as Chunk[];
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const seen = new Set<string>();
      const visit = (chunk: Chunk | undefined) => {
        if (!chunk || seen.has(chunk.fileName)) return;
        seen.add(chunk.fileName);
        chunk.imports.forEach((name) => visit(byName.get(name)));
      };
      chunks.filter((chunk) => chunk.isEntry).forEach(visit);
      chunks.filter((chunk) => loginLazy.some((pattern) => pattern.test(chunk.facadeModuleId ?? ""))).forEach(visit);
      const rows = [...seen]
        .map((name) => byName.get(name)!)
        .map((chunk) => ({ chunk, raw: Buffer.byteLength(chunk.code), gzip: gzipSync(chunk.code).length }))
        .sort((a, b) => b.gzip - a.gzip);
      const raw = rows.reduce((sum, row) => sum + row.raw, 0);
      const gzip = rows.reduce((sum, row) => sum + row.gzip, 0);
      const lines = rows
        .slice(0, 12)
        .map(
          (row) => `  ${row.chunk.fileName.padEnd(48)} ${kb(row.raw).padStart(10)} ${kb(row.gzip).padStart(10)} gzip`,
        );
      if (rows.length > 12) lines.push(`  … ${rows.length - 12} smaller chunks`);
      if (process.env.LOGIN_BUDGET_MODULES) {
        // Each package or source folder minified and gzipped on its own: more
        // than its share of the chunk's gzip, but in the right order.
        const groups = new Map<string, string[]>();
        for (const row of rows) {
          for (const [id, module] of Object.entries(row.chunk.modules)) {
            const name = id.includes("node_modules/")
              ? id.replace(/.*node_modules\//, "").match(/^(@[^/]+\/[^/]+|[^/]+)/)![1]
              : id
                  .replace(/.*\/webapp\//, "")
                  .split("/")
                  .slice(0, 3)
                  .join("/");
            groups.set(name, [...(groups.get(name) ?? []), module.code ?? ""]);
          }
        }
        const sized = await Promise.all(
          [...groups].map(async ([name, codes]) => {
            const { code } = await transformWithEsbuild(codes.join("\n"), `${name}.js`, {
              minify: true,
              format: "esm",
            });
            return [name, gzipSync(code).length] as const;
          }),
        );
        const largest = sized.sort((a, b) => b[1] - a[1]).slice(0, 40);
        lines.push(...largest.map(([name, length]) => `    ${kb(length).padStart(10)} gzip  ${name}`));
      }
      const verdict =
        gzip > loginBudgetBytes ? `OVER the budget of ${kb(loginBudgetBytes)}` : `within ${kb(loginBudgetBytes)}`;
      console.log(
        `\n/login loads ${rows.length} JavaScript chunks: ${kb(raw)}, ${kb(gzip)} gzip, ${verdict} gzip\n${lines.join("\n")}`,
      );
      if (gzip > loginBudgetBytes) {
        this.error(
          `/login's JavaScript grew to ${kb(gzip)} gzip, over the budget of ${kb(loginBudgetBytes)}: split it`,
        );
      }
      const missing = missingMessages(rows.map((row) => row.chunk));
      if (missing.length > 0) {
        this.error(
          `/login's JavaScript names ${missing.length} messages outside its part of the catalog (${missing.slice(0, 10).join(", ")}): run pnpm i18n:extract, then pnpm i18n:compile`,
        );
      }
    },
  };
}
