import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signIn } from "./demoLogin";
import { sendBatch } from "./shipBatch";

/**
 * The customs documents page end to end (spec 2 §2.6) against a running
 * portal seeded by bin/seed, whose demo customers hold the customs documents
 * the carrier published for their parcels outside the customs union: the
 * demo user sees the bakery's documents, selects two and downloads them as
 * one zip, and the list then names them as downloaded by 'user'. Then the
 * way documents really arrive: the user ships testdata/batches/valid.csv
 * (three rows leave the customs union) and creates its manifest; the
 * carrier simulator publishes their customs documents and the worker's
 * collection (every minute) brings them onto the page.
 */

test.use({ locale: "en-GB" });

/** The names of a zip's entries, read from its central directory. */
function zipNames(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const names: string[] = [];
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    names.push(zip.subarray(at + 46, at + 46 + nameLength).toString("utf8"));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return names;
}

test("the demo user downloads two customs documents as one zip", async ({ page }) => {
  await signIn(page, "user");
  await page.goto("/customs-docs");
  await expect(page.getByRole("heading", { name: "Customs documents" })).toBeVisible();
  const rows = page
    .getByRole("row")
    .filter({ has: page.getByRole("checkbox") })
    .filter({ hasText: "DE10000001" });
  await expect(rows.first()).toBeVisible();
  // Only the bakery's documents (bin/seed gives it three; other customers' never show).
  await expect(page.getByRole("row").filter({ hasText: "NL10000003" })).toHaveCount(0);
  const names = ["customs-CH000000101DE.pdf", "customs-US000000102DE.pdf"];
  for (const name of names) await page.getByRole("checkbox", { name: `Select ${name}` }).check();
  await expect(page.getByText("2 selected")).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Bulk download" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("customs-documents.zip");
  const zip = readFileSync((await download.path())!);
  expect(zipNames(zip).sort()).toEqual(names);
  await expect(page.getByText("2 customs documents downloaded.", { exact: true })).toBeVisible();
  await expect(page.getByText("2 selected")).toBeHidden();
  // The list reloads: both name the demo user as their last downloader.
  for (const name of names) {
    await expect(page.getByRole("row", { name: new RegExp(name.replace(".", "\\.")) })).toContainText("user");
  }
});

test("a manifest's customs documents arrive on the page through the carrier and the worker", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, "user");
  await page.goto("/customs-docs");
  const rows = page
    .getByRole("row")
    .filter({ has: page.getByRole("checkbox") })
    .filter({ hasText: "DE10000001" });
  await expect(rows.first()).toBeVisible();
  const before = await rows.count();

  await sendBatch(page, { labelType: "PDF", manifest: true });

  await page.goto("/customs-docs");
  await expect(async () => {
    await page.reload();
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThanOrEqual(before + 3);
  }).toPass({ timeout: 120_000, intervals: [5_000] });
  await expect(rows.filter({ hasText: "carrier" }).first()).toBeVisible();
});
