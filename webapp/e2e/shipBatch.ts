import { fileURLToPath } from "node:url";
import { expect, type Page } from "@playwright/test";

/** testdata/batches/valid.csv: six valid rows, VAL-001 to VAL-006, three of them outside the customs union. */
export const validCsv = fileURLToPath(new URL("../../testdata/batches/valid.csv", import.meta.url));

/** Sending and manifesting run as jobs in the worker, which a loaded machine makes slow. */
export const jobTimeout = { timeout: 60_000 };

/** testdata/batches/mixed.csv: nine rows, six of them with validation errors. */
export const mixedCsv = fileURLToPath(new URL("../../testdata/batches/mixed.csv", import.meta.url));

/** Uploads a CSV batch as the signed-in user, in any language, and answers the batch page's path. */
export async function uploadBatch(page: Page, csv: string): Promise<string> {
  await page.goto("/batch/new");
  await page.locator('input[type="file"]').setInputFiles(csv);
  await expect(page).toHaveURL(/\/batch\/\d+$/);
  return new URL(page.url()).pathname;
}

/**
 * Uploads a CSV batch as the signed-in user and sends it until it is Sent,
 * confirming if the page asks; with `labelType` that type is chosen first,
 * with `manifest` the batch's manifest is generated after.
 */
export async function sendBatch(page: Page, options: { csv?: string; labelType?: string; manifest?: boolean } = {}) {
  await uploadBatch(page, options.csv ?? validCsv);
  if (options.labelType) {
    await page.getByRole("combobox", { name: "Label type" }).click();
    await page.getByRole("option", { name: options.labelType, exact: true }).click();
  }
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const confirm = page.getByRole("alertdialog", { name: "Send the batch?" });
  if (await confirm.isVisible().catch(() => false)) await confirm.getByRole("button", { name: /Send/ }).last().click();
  await expect(page.locator('[aria-current="step"]')).toHaveText(/Sent/, jobTimeout);
  if (options.manifest) {
    await page.getByRole("button", { name: "Generate manifest" }).click();
    await expect(page.getByRole("img", { name: "Manifest created" })).toBeVisible(jobTimeout);
  }
}
