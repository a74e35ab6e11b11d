import { expect, type Page } from "@playwright/test";

async function fillParcel(page: Page, name: string, reference: string) {
  await page.getByLabel("Receiver name *").fill(name);
  await page.getByLabel("Street *").fill("Hauptstraße");
  await page.getByLabel("House number").fill("1");
  await page.getByLabel("Postal code *").fill("10115");
  await page.getByLabel("City *").fill("Berlin");
  await page.getByLabel("Country *").fill("DE");
  await page.getByLabel("Reference number *").fill(reference);
  await page.getByLabel("Weight *").fill("1,6");
  await page.getByRole("combobox", { name: "Product" }).click();
  await page.getByRole("option", { name: /^EPAQSTD/ }).click();
  await page.getByRole("combobox", { name: "Service" }).click();
  await page.getByRole("option", { name: /^CUP/ }).click();
}

/**
 * Creates a single parcel to Berlin in the form, in English, with its label
 * downloaded, and answers the download.
 */
export async function createWithLabel(page: Page, name: string, reference: string) {
  await page.goto("/parcel/new");
  await fillParcel(page, name, reference);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Create and download" }).click();
  const file = await download;
  // The form resets once the label is handed over.
  await expect(page.getByLabel("Receiver name *")).toHaveValue("");
  return file;
}
