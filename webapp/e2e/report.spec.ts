import { readFileSync } from "node:fs";
import { inflateRawSync } from "node:zlib";
import { type Download, expect, test } from "@playwright/test";
import { signIn } from "./demoLogin";
import { sendBatch } from "./shipBatch";

/**
 * The shipment report end to end (spec 2 §2.4) against a running portal with
 * the demo organisation and the embedded carrier simulator: the demo user
 * sends testdata/batches/valid.csv with PDF labels, searches the last week
 * on /report, reopens the bookmarked address with the same result, exports
 * the result as Excel and downloads the labels of two chosen rows as one PDF,
 * then opens a row's customs details and invoice data; an admin views the
 * row's SOAP requests.
 */

test.use({ locale: "en-GB" });

async function bytesOf(download: Download): Promise<Buffer> {
  const path = await download.path();
  expect(path).toBeTruthy();
  return readFileSync(path!);
}

/** The text of a zip's entry (a workbook's part), found through the central directory. */
function zipEntry(zip: Buffer, name: string): string {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const entry = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    const local = zip.readUInt32LE(at + 42);
    if (entry === name) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + size);
      return (zip.readUInt16LE(at + 10) === 8 ? inflateRawSync(data) : data).toString("utf8");
    }
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return "";
}

test("the demo user searches sent shipments, exports Excel and downloads labels of a selection", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, "user");

  // Ship a batch, so the report has rows that are certainly this run's.
  await sendBatch(page, { labelType: "PDF" });

  // Search the last week for the batch's order numbers.
  await page.goto("/report");
  const form = page.getByRole("form", { name: "Search criteria" });
  await form.getByLabel("Order numbers").fill("VAL-001, VAL-002, VAL-003");
  await form.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/pageableFilter=/);
  const table = page.getByRole("table");
  // The last week's rows stay until the search answers: wait for the searched ones only.
  const onlySearched = async () =>
    (await table.getByRole("rowheader").allTextContents()).every((order) => /^VAL-00[123]$/.test(order));
  await expect.poll(onlySearched).toBe(true);
  await expect(table.getByRole("rowheader", { name: "VAL-001" }).first()).toBeVisible();
  const found = await table.getByRole("row").count();
  expect(found).toBeGreaterThanOrEqual(4);

  // The address is a bookmark: opened again, it shows the same search and result.
  const bookmark = page.url();
  await page.goto("/");
  await page.goto(bookmark);
  await expect(page.getByRole("form", { name: "Search criteria" }).getByLabel("Order numbers")).toHaveValue(
    "VAL-001, VAL-002, VAL-003",
  );
  await expect(table.getByRole("rowheader", { name: "VAL-001" }).first()).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(found);

  // Excel of the result: a workbook (a zip).
  const [excel] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export Excel" }).click(),
  ]);
  expect(excel.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = await bytesOf(excel);
  expect(workbook.subarray(0, 2).toString("latin1")).toBe("PK");
  // One header row and a row per shipment found, with its order number: at
  // least the page's, for the export takes every page of the result, and
  // other specs running beside this one ship the same order numbers.
  const sheet = zipEntry(workbook, "xl/worksheets/sheet1.xml");
  const texts = sheet + zipEntry(workbook, "xl/sharedStrings.xml");
  expect(sheet.match(/<row /g)?.length).toBeGreaterThanOrEqual(found);
  expect(texts).toContain("Submitted at");
  expect(texts).toContain("VAL-002");

  // Labels of two chosen rows: one PDF.
  // Row boxes are named for their row; the header's box selects the whole page.
  const rowBoxes = page.getByRole("checkbox", { name: /^Select (?!all rows)/ });
  await rowBoxes.nth(0).check();
  await rowBoxes.nth(1).check();
  await expect(page.getByText("2 selected")).toBeVisible();
  const [labels] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Labels of the selection" }).click(),
  ]);
  expect(labels.suggestedFilename()).toBe("labels.pdf");
  expect((await bytesOf(labels)).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // A row's details: VAL-006 has order lines in USD and invoice data.
  await form.getByLabel("Order numbers").fill("VAL-006");
  await form.getByRole("button", { name: "Search" }).click();
  await expect
    .poll(async () => (await table.getByRole("rowheader").allTextContents()).every((order) => order === "VAL-006"))
    .toBe(true);
  const details = table
    .getByRole("row")
    .nth(1)
    .getByRole("button", { name: /^Details of / });
  await details.click();
  await page.getByRole("menuitem", { name: "Customs details" }).click();
  const customs = page.getByRole("dialog", { name: /^Customs details of / });
  await expect(customs.getByRole("table")).toContainText("Christstollen 750 g");
  await expect(customs).toContainText("USD");
  await customs.getByRole("button", { name: "Close" }).click();
  await details.click();
  await page.getByRole("menuitem", { name: "Invoice data" }).click();
  const invoice = page.getByRole("dialog", { name: /^Invoice data of / });
  await expect(invoice).toContainText("INV-2024-0001");
  await expect(invoice).toContainText("DDP");
  await invoice.getByRole("button", { name: "Close" }).click();
  // A user has no traffic to see.
  await details.click();
  await expect(page.getByRole("menuitem", { name: "Customs details" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "View requests" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  // An admin searches the same row and views its SOAP requests.
  const admin = await browser.newPage();
  await signIn(admin, "admin");
  await admin.goto("/report");
  const adminForm = admin.getByRole("form", { name: "Search criteria" });
  await adminForm.getByLabel("Order numbers").fill("VAL-006");
  await adminForm.getByRole("button", { name: "Search" }).click();
  const adminTable = admin.getByRole("table");
  await expect
    .poll(async () => (await adminTable.getByRole("rowheader").allTextContents()).every((o) => o === "VAL-006"), {
      timeout: 30_000,
    })
    .toBe(true);
  await expect(adminTable.getByRole("rowheader", { name: "VAL-006" }).first()).toBeVisible();
  await adminTable
    .getByRole("row")
    .nth(1)
    .getByRole("button", { name: /^Details of / })
    .click();
  await admin.getByRole("menuitem", { name: "View requests" }).click();
  const traffic = admin.getByRole("dialog", { name: "SOAP requests" });
  await expect(traffic.getByTestId("text-file")).toContainText('operation="addAndPrint"');
  await admin.close();
});
