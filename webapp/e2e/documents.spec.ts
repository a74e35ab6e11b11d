import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./demoLogin";

/**
 * Documents, news and the invoice report end to end (spec 3 §2) against a
 * running portal with its demo logins: an admin orders news by drag and drop
 * and the order survives a reload, a CSV-template document comes back with
 * the bytes that went up, and the monthly invoice report has the spec's name.
 */

test.use({ locale: "en-GB" });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The summaries of our rows in the order the list shows them. */
async function orderOf(page: Page, summaries: string[]): Promise<string[]> {
  const texts = await page.getByTestId("news-row").allTextContents();
  const order: string[] = [];
  for (const text of texts) {
    const found = summaries.find((summary) => text.includes(summary));
    if (found) order.push(found);
  }
  return order;
}

test("an admin orders news by drag and drop and the order survives a reload", async ({ page }) => {
  await signIn(page, "admin");
  const run = unique();
  const summaries = ["first", "second", "third"].map((name) => `${name} ${run}`);
  for (const summary of summaries) {
    await page.goto("/news/new");
    await page.getByLabel("Summary (English)").fill(summary);
    await page.getByLabel("Summary (German)").fill(`${summary} de`);
    await page.getByLabel("Article (English)").fill(`<p onclick="alert(1)"><strong>${summary}</strong></p>`);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "News item" })).toBeVisible();
    // The article comes back sanitized: the text stays, the handler is gone.
    const article = page.locator(".news-article strong", { hasText: summary });
    await expect(article).toBeVisible();
    await expect(page.locator(".news-article [onclick]")).toHaveCount(0);
  }

  await page.goto("/news");
  const row = (summary: string) => page.getByTestId("news-row").filter({ hasText: summary });
  await expect(row(summaries[2])).toBeVisible();
  expect(await orderOf(page, summaries)).toEqual(summaries);

  const moved = page.waitForResponse((response) => response.url().includes("MoveNews") && response.ok());
  await row(summaries[2]).dragTo(row(summaries[0]));
  await moved;
  await expect.poll(() => orderOf(page, summaries)).toEqual([summaries[2], summaries[0], summaries[1]]);

  await page.reload();
  await expect(row(summaries[2])).toBeVisible();
  expect(await orderOf(page, summaries)).toEqual([summaries[2], summaries[0], summaries[1]]);
});

test("a CSV-template document downloads with the bytes that went up", async ({ page }) => {
  await signIn(page, "admin");
  const name = `Template ${unique()}`;
  const fileName = `template-${unique()}.csv`;
  const bytes = Buffer.from(
    "reference;name;street;zip;city;country\r\nA-1;Anna Berg;Hauptstraße 1;10115;Berlin;DE\r\n",
  );
  await page.goto("/csv-template-doc/new");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Document").setInputFiles({ name: fileName, mimeType: "text/csv", buffer: bytes });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "CSV template" })).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: `Download ${fileName}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  expect(Buffer.compare(await readFile(await download.path()), bytes)).toBe(0);
});

test("the monthly invoice report downloads under the spec's file name", async ({ page }) => {
  await signIn(page, "admin");
  await page.goto("/invoice-report");
  await page.getByRole("button", { name: "Download" }).click();
  await expect(page.getByText("Please select a month and a year.", { exact: true })).toBeVisible();
  const year = String(new Date().getFullYear());
  await page.getByRole("combobox", { name: "Year" }).click();
  await page.getByRole("option", { name: year }).click();
  await page.getByRole("combobox", { name: "Month" }).click();
  await page.getByRole("option", { name: "March" }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`invoice-report-${year}-03.csv`);
  const text = await readFile(await download.path(), "utf8");
  expect(text.split("\n")[0]).toBe("customerId,customerName,crmid,commercialInvoices,chargeableInvoices");
});
