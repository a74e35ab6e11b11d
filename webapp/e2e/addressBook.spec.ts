import { expect, test } from "@playwright/test";
import { signIn } from "./demoLogin";

/**
 * The address book end to end (spec 2 §2.5, §5.6): the demo user of the
 * bakery imports a CSV with one bad row (refused as a whole, the row named),
 * fixes the row, imports the file, finds the entries in the list, and opens
 * the parcel form from one of them, filled with the entry's address. Names carry the run's stamp, so a second
 * run against the same database imports its own entries.
 */

test.use({ locale: "en-GB" });

test("import with a bad row, fix it, import, see the entries", async ({ page }) => {
  const stamp = Date.now().toString(36);
  const header = "recipientNumber;name;street;no;postalcode;city;isoCountry;email\r\n";
  const anna = `K-${stamp}-1;Anna ${stamp};Zeil;1;60313;Frankfurt am Main;DE;anna@example.de\r\n`;
  const bert = (name: string) => `K-${stamp}-2;${name};Bahnhofstrasse;12;8001;Zürich;CH;\r\n`;
  const file = (rows: string) => ({
    name: "address-book.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("\uFEFF" + header + rows, "utf8"),
  });

  await signIn(page, "user");
  await page.goto("/address-book");
  await expect(page.getByRole("heading", { level: 1, name: "Address book" })).toBeVisible();
  await page.getByRole("link", { name: "Import" }).click();
  await expect(page).toHaveURL(/\/address-book\/import$/);

  // Row 3 (the header is row 1) has no name: nothing is stored, the row is named.
  await page.getByLabel("CSV file").setInputFiles(file(anna + bert("")));
  const rows = page.getByRole("list", { name: "Rows with errors" });
  await expect(rows.getByRole("listitem")).toHaveText(["Row 3, Name: This field must not be empty."]);
  await expect(page.getByText("Nothing was imported. Rows that are not valid: 3.").first()).toBeVisible();

  await page.goto(`/address-book?search=${stamp}`);
  await expect(page.getByText("No address book entries found")).toBeVisible();

  // Fixed, the file imports whole.
  await page.goto("/address-book/import");
  await page.getByLabel("CSV file").setInputFiles(file(anna + bert(`Bert ${stamp}`)));
  await expect(
    page.getByText("2 entries imported, 0 skipped because the address book already holds them."),
  ).toBeVisible();
  // The same file again stores nothing more.
  await page.getByLabel("CSV file").setInputFiles(file(anna + bert(`Bert ${stamp}`)));
  await expect(
    page.getByText("0 entries imported, 2 skipped because the address book already holds them."),
  ).toBeVisible();

  await page.getByRole("link", { name: "Back" }).click();
  await page.getByRole("textbox", { name: "Search" }).fill(stamp);
  const table = page.getByRole("table");
  await expect(table.getByRole("link", { name: `Anna ${stamp}`, exact: true })).toBeVisible();
  await expect(table.getByRole("link", { name: `Bert ${stamp}`, exact: true })).toBeVisible();
  // The search leaves this run's two entries (and the header row).
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(
    table
      .getByRole("row")
      .filter({ hasText: `Bert ${stamp}` })
      .getByRole("cell", { name: "Switzerland" }),
  ).toBeVisible();

  // The detail shows the country's name; the create-parcel action carries the entry's id.
  // On a loaded machine the list may still redraw from its search when the
  // click lands (a fresh clone's make test lost one): click until the detail's address is there.
  await expect(async () => {
    await table.getByRole("link", { name: `Bert ${stamp}`, exact: true }).click({ timeout: 5_000 });
    await expect(page).toHaveURL(/\/address-book\/\d+$/, { timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.getByRole("heading", { name: `Address book entry Bert ${stamp}` })).toBeVisible();
  await expect(page.getByText("Switzerland (CH)")).toBeVisible();
  const id = /\/address-book\/(\d+)$/.exec(page.url())?.[1];
  expect(id).toBeTruthy();
  await page.getByRole("link", { name: "Back" }).click();
  await page.getByRole("textbox", { name: "Search" }).fill(`Bert ${stamp}`);
  // The search lands in the URL once typing pauses; leaving before it would be undone by it.
  await expect(page).toHaveURL(/[?&]search=Bert/);
  await page.getByRole("link", { name: `Create a parcel for Bert ${stamp}` }).click();
  await expect(page).toHaveURL(new RegExp(`/parcel/new\\?addressId=${id}$`));
  // The entry fills the parcel form's address.
  await expect(page.getByLabel("Receiver name *")).toHaveValue(`Bert ${stamp}`);
  await expect(page.getByLabel("Street *")).toHaveValue("Bahnhofstrasse");
  await expect(page.getByLabel("Postal code *")).toHaveValue("8001");
  await expect(page.getByLabel("City *")).toHaveValue("Zürich");
});
