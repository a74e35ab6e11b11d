/// <reference types="node" />
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { zplToBase64Async } from "zpl-renderer-js";

/**
 * Golden tests of the ZPL the carrier renders (adapters/carrier/labels,
 * testdata/labels/label-{203,300}.zpl, kept by its Go golden test): each is
 * drawn by zpl-renderer-js (pinned, a ZPL renderer compiled to WebAssembly)
 * at its printer's resolution and compared with the committed image, and
 * the barcode read back from the image with zbarimg (Debian's zbar-tools,
 * dev/install.sh) is the label's identifier. UPDATE_GOLDEN=1 rewrites the
 * images after a meant change.
 */

// Vitest runs in webapp/.
const testdata = join(process.cwd(), "../testdata/labels");
const identifier = "CP000000014DE";
const labelMm = { width: 100, height: 150 };

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe.each([
  { dpi: 203, dpmm: 8 },
  { dpi: 300, dpmm: 12 },
])("the $dpi dpi label", ({ dpi, dpmm }) => {
  it("is drawn as the committed image, at the printer's size, with a barcode of the identifier", async () => {
    const zpl = readFileSync(join(testdata, `label-${dpi}.zpl`), "utf8");
    const png = Buffer.from(await zplToBase64Async(zpl, labelMm.width, labelMm.height, dpmm), "base64");
    const golden = join(testdata, `label-${dpi}.png`);
    if (process.env.UPDATE_GOLDEN === "1") writeFileSync(golden, png);
    // Drawn for the resolution: 100 x 150 mm in the printer's own dots.
    expect(pngSize(png)).toEqual({ width: labelMm.width * dpmm, height: labelMm.height * dpmm });
    expect(png.equals(readFileSync(golden))).toBe(true);

    const file = join(mkdtempSync(join(tmpdir(), "zpl-")), `label-${dpi}.png`);
    writeFileSync(file, png);
    const decoded = execFileSync("zbarimg", ["--quiet", "--raw", "-Scode128.enable", file], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    expect(decoded.trim()).toBe(identifier);
  }, 60_000);
});
