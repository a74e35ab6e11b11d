import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signIn } from "./demoLogin";
import { sendBatch } from "./shipBatch";

/**
 * Tracking end to end (spec 3 §2, §4) against a running portal with the demo
 * organisation and the embedded carrier and tracking simulators: the demo
 * user of the bakery sends testdata/batches/valid.csv, whose labels the
 * carrier simulator announces to the tracking simulator; the user then finds
 * Jan Jansen's parcel (e-PAQ Plus, tracked) in tracking and opens it with
 * its progress and events, and Erika Mustermann's (e-PAQ Standard) shows
 * as untracked; the result downloads as XLSX.
 */

test.use({ locale: "en-GB" });

test("the demo user sends a batch and follows a parcel in tracking", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "user");
  await sendBatch(page);

  await page.goto("/tracking");
  await page.getByLabel("Recipient name").fill("Jan Jansen");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const grid = page.getByRole("table");
  // Other specs label Jan Jansen too (mixed.csv); this batch's parcel has reference VAL-002.
  const row = grid.getByRole("row").filter({ hasText: "VAL-002" }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText("EPAQPLS");
  await expect(row).toContainText("Netherlands");
  await row.getByRole("button").first().click();

  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("listitem").first()).toHaveText("Announced");
  await dialog.getByRole("tab", { name: /^Events/ }).click();
  await expect(dialog.getByRole("tabpanel")).toContainText("Information received");
  await expect(dialog.getByRole("tabpanel")).toContainText("Label printed");
  await expect(dialog.getByRole("tab", { name: /^Customer-service events/ })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Close" }).click();

  await page.getByLabel("Recipient name").fill("Erika");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(grid.getByRole("row").filter({ hasText: "VAL-001" }).first()).toContainText("untracked");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export XLSX" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^tracking-export-\d+\.xlsx$/);
  const path = await download.path();
  expect(readFileSync(path!).subarray(0, 2).toString("latin1")).toBe("PK");
});
