// Splits each compiled catalog (src/locales/{locale}.ts, written by `lingui compile`)
// in two, so that /login does not download the messages of every page (issue 16):
//
//   {locale}.login.ts  the messages of the modules the entry imports statically
//                      (main.tsx and what it imports without import()): the shell,
//                      the start page, /login, the error texts; loaded first
//   {locale}.rest.ts   every other message; loaded with the first lazy chunk
//                      (i18n/activateLocale.ts: withFullCatalog)
//
// A message belongs to a module when the .po file names it among the message's
// origins. The import graph is read with a plain scan of the sources, which may
// take in more than the bundle does but never less; `vite build`
// (scripts/loginBudget.ts) checks every message id /login's JavaScript uses
// against the login part.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { formatter } from "@lingui/format-po";

const webapp = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const locales = path.join(webapp, "src/locales");

/** Static imports and re-exports (`import … from "x"`, `import "x"`, `export … from "x"`), not import(). */
const staticImport = /(?:^|[\n;])\s*(?:import|export)\s+(?:[^;"'`]*?\sfrom\s*)?["']([^"']+)["']/g;

function resolveSource(from, specifier) {
  if (!specifier.startsWith(".")) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
  return candidates.find((file) => /\.tsx?$/.test(file) && fs.existsSync(file) && fs.statSync(file).isFile()) ?? null;
}

/** The source files reachable from the entry through static imports, relative to webapp/. */
export function staticGraph(entry = path.join(webapp, "src/main.tsx")) {
  const seen = new Set();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const source = fs.readFileSync(file, "utf8");
    for (const [, specifier] of source.matchAll(staticImport)) {
      const target = resolveSource(file, specifier);
      if (target) queue.push(target);
    }
  }
  return new Set([...seen].map((file) => path.relative(webapp, file).split(path.sep).join("/")));
}

const readCompiled = (file) =>
  JSON.parse(JSON.parse(fs.readFileSync(file, "utf8").match(/JSON\.parse\(("(?:[^"\\]|\\.)*")\)/)[1]));

const writeCompiled = (file, messages) =>
  fs.writeFileSync(
    file,
    `/*eslint-disable*/import type{Messages}from"@lingui/core";export const messages=JSON.parse(${JSON.stringify(JSON.stringify(messages))})as Messages;`,
  );

const graph = staticGraph();
const po = formatter({ lineNumbers: false });
const source = await po.parse(fs.readFileSync(path.join(locales, "en.po"), "utf8"), {
  locale: "en",
  sourceLocale: "en",
  filename: "en.po",
});
const loginIds = new Set(
  Object.entries(source)
    .filter(([, entry]) => (entry.origin ?? []).some(([file]) => graph.has(file)))
    .map(([id]) => id),
);

for (const file of fs.readdirSync(locales).filter((name) => /^[a-z]{2}\.ts$/.test(name))) {
  const messages = readCompiled(path.join(locales, file));
  const login = {};
  const rest = {};
  for (const [id, message] of Object.entries(messages)) (loginIds.has(id) ? login : rest)[id] = message;
  const locale = file.slice(0, 2);
  writeCompiled(path.join(locales, `${locale}.login.ts`), login);
  writeCompiled(path.join(locales, `${locale}.rest.ts`), rest);
}
console.log(
  `Catalogs split: ${loginIds.size} of ${Object.keys(source).length} messages for /login (${graph.size} modules)`,
);
