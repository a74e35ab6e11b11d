import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** What is worth compressing: text. Images, fonts and media are compressed already. */
const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/** Below this a gzip header and a second request for the file cost more than they save. */
const minimumBytes = 1024;

/**
 * Writes a gzipped copy (name.gz) beside every text file of the build, at
 * the highest level, once at build time: the portal (adapters/web) sends it
 * to browsers that accept gzip, so /login's 617 KB of JavaScript travel as
 * the 193 KB the login budget counts, and no request pays for compression.
 */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "portal-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!compressible.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const data = readFileSync(file);
        if (data.length < minimumBytes) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}
