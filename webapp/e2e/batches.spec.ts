import { readFileSync } from "node:fs";
import { inflateSync } from "node:zlib";
import { type Download, expect, type Page, test } from "@playwright/test";
import { signIn } from "./demoLogin";
import { mixedCsv } from "./shipBatch";

/**
 * CSV batches end to end (spec 2 §2.1, §4, §5) against a running portal with
 * the demo organisation and the embedded carrier simulator: the demo user of
 * the bakery uploads testdata/batches/mixed.csv (three valid rows, six with a
 * problem each), fixes the postal code of row 2 in the grid, sends with PDF
 * labels, watches the batch settle, downloads the merged labels (a page per
 * shipment), creates the manifest and downloads it. ZPL labels are printed:
 * printing.spec.ts.
 */

test.use({ locale: "en-GB" });

/** mixed.csv: rows 1, 4 and 9 are valid; fixing row 2's postal code makes four. */
const rows = 9;
const labelled = 4;
/** Sending and manifests run as jobs; the page polls every 5 s. */
const jobTimeout = { timeout: 60_000 };

/** The toast area; Radix also announces each toast in a hidden live region. */
const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

async function bytesOf(download: Download): Promise<Buffer> {
  const path = await download.path();
  expect(path).toBeTruthy();
  return readFileSync(path!);
}

/**
 * The pages of a PDF: its /Type /Page objects, also those packed into
 * compressed object streams (the merged labels use them).
 */
function pdfPages(pdf: Buffer): number {
  const text = pdf.toString("latin1");
  const parts = [text];
  const streams = /(?<!end)stream\r?\n/g;
  for (let match = streams.exec(text); match; match = streams.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf("endstream", start);
    if (end < 0) break;
    try {
      parts.push(inflateSync(pdf.subarray(start, end)).toString("latin1"));
    } catch {
      // Not a Flate stream (an image, say): no page objects in it.
    }
    streams.lastIndex = end + "endstream".length;
  }
  return parts.reduce((count, part) => count + (part.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0), 0);
}

/** Uploads mixed.csv and lands on the new batch's page with its grid. */
async function uploadMixed(page: Page) {
  await page.goto("/batch");
  await page.getByRole("link", { name: "Upload a CSV file" }).click();
  await expect(page).toHaveURL(/\/batch\/new$/);
  await page.getByLabel("CSV or Excel file").setInputFiles(mixedCsv);
  await expect(page).toHaveURL(/\/batch\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "mixed.csv" })).toBeVisible();
  await expect(page.getByText(`6 of ${rows} rows have validation errors.`)).toBeVisible();
  await expect(page.getByRole("grid")).toHaveAttribute("aria-rowcount", String(rows + 1));
}

/** Row 2's postal code 1011 is red; 10117 makes the row valid. */
async function fixPostalCode(page: Page) {
  const grid = page.getByRole("grid");
  const cell = grid.getByRole("gridcell", { name: "1011", exact: true });
  await expect(cell).toHaveAttribute("aria-invalid", "true");
  await cell.hover();
  await expect(page.getByRole("tooltip")).toContainText("postal code");
  await cell.dblclick();
  const input = grid.getByRole("textbox", { name: "Postal code of row 2" });
  await input.fill("10117");
  await input.press("Enter");
  await expect(page.getByText(`5 of ${rows} rows have validation errors.`)).toBeVisible();
  await expect(grid.getByRole("gridcell", { name: "10117", exact: true })).not.toHaveAttribute("aria-invalid");
}

/** Sends with the label type, confirms the validation warning, and waits for the job to settle. */
async function send(page: Page, labelType: "PDF" | "ZPL") {
  await page.getByRole("combobox", { name: "Label type" }).click();
  await page.getByRole("option", { name: labelType, exact: true }).click();
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const confirm = page.getByRole("alertdialog", { name: "Send the batch?" });
  await expect(confirm).toContainText("Some rows of the batch have validation errors.");
  await confirm.getByRole("button", { name: "Send anyway" }).click();
  await expect(toasts(page).getByText("Processing the CSV data…")).toBeVisible();
  // The stepper leaves Upload at once and settles on Sent when the job is done.
  await expect(page.locator('[aria-current="step"]')).not.toHaveText(/Upload/);
  await expect(page.locator('[aria-current="step"]')).toHaveText(/Sent/, jobTimeout);
  await expect(page.getByTestId("batch-progress")).toHaveText(`${labelled} / ${labelled}`);
  await expect(page.getByText("shipments could not be sent")).toHaveCount(0);
}

/** Creates the manifest, waits for it, and downloads it under its timestamped name. */
async function manifest(page: Page) {
  await page.getByRole("button", { name: "Generate manifest" }).click();
  await expect(toasts(page).getByText("Creating the manifest…")).toBeVisible();
  await expect(page.getByRole("img", { name: "Manifest created" })).toBeVisible(jobTimeout);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Manifest", exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/manifest.*\d{8}.*\.pdf$/);
  expect((await bytesOf(download)).subarray(0, 5).toString("latin1")).toBe("%PDF-");
}

test("the demo user ships a CSV batch with PDF labels and a manifest", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "user");
  await uploadMixed(page);
  await fixPostalCode(page);
  await send(page, "PDF");

  await page.getByRole("tab", { name: "Shipments" }).click();
  await expect(page.getByRole("img", { name: "Labelled" })).toHaveCount(labelled);

  const labels = page.getByRole("button", { name: "Labels (PDF)" });
  const [download] = await Promise.all([page.waitForEvent("download"), labels.click()]);
  // Locked for 5 s after the click, so the large file is not fetched twice.
  await expect(labels).toBeDisabled();
  const pdf = await bytesOf(download);
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(pdfPages(pdf)).toBe(labelled);
  // The link carried a download token of its own, good once: the same link again is refused.
  const link = new URL(download.url());
  expect(link.pathname).toMatch(/^\/web\/api\/batches\/\d+\/labels$/);
  expect(link.searchParams.get("bearer")).toBeTruthy();
  expect((await page.request.get(download.url())).status()).toBe(401);

  await manifest(page);
});
