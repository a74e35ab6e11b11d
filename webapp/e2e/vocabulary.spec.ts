import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./demoLogin";
import { sendBatch } from "./shipBatch";
import { createWithLabel } from "./shipParcel";

/**
 * The contract's statuses reach people by name, never as codes (issue 23):
 * in each of the five languages the demo user's batch list, parcel list,
 * report and tracking grid show no cell that holds a status code such as
 * MANIFEST_CREATED or DONE. The first test makes sure each list has rows: a
 * manifested batch and a labelled single parcel of this run.
 */

test.use({ locale: "en-GB" });
test.describe.configure({ mode: "serial" });

/** Every value name of the contract's status enums (Batch.Status, ParcelRow.Status, ReportRow.Status). */
const statusCode =
  /\b(STATUS_UNSPECIFIED|CREATED|SENDING|SENT|CANCELLING|CANCELLED|RESENDING(_CHANGE|_ERROR)?|DELETING|DELETED|CREATING_MANIFEST|MANIFEST_CREATED|ERROR(_SEND|_MANIFEST)?|PENDING|SUBMITTING|DONE|FAILED)\b/;

const languages = ["en", "de", "es", "it", "nl"];

/** The text of every cell of the page's first table, once it has rows. */
async function cells(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  const table = page.getByRole("table").first();
  await expect(table.locator("tbody tr").first()).toBeVisible({ timeout: 30_000 });
  return table.locator("tbody td").allInnerTexts();
}

test("a manifested batch and a labelled parcel give every list rows", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "user");
  await sendBatch(page, { manifest: true });
  await createWithLabel(page, "Vera Vokabel", `VOC-${Date.now().toString(36)}`);
});

for (const lang of languages) {
  test(`no status code in the lists, in ${lang}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto("/");
    // The demo logins sign in with the English dialog's labels.
    await page.evaluate(() => sessionStorage.setItem("portal.locale", "en"));
    await signIn(page, "user");
    await page.evaluate((lang) => sessionStorage.setItem("portal.locale", lang), lang);
    for (const path of ["/batch", "/parcel", "/report"]) {
      const texts = await cells(page, path);
      expect(texts.length, path).toBeGreaterThan(0);
      expect(
        texts.filter((text) => statusCode.test(text)),
        `${path} in ${lang}`,
      ).toEqual([]);
    }
    // Tracking shows parcels once searched; an empty search finds the user's.
    await page.goto("/tracking");
    await page
      .locator("form")
      .first()
      .evaluate((form: HTMLFormElement) => form.requestSubmit());
    const table = page.getByRole("table").first();
    await expect(table.locator("tbody tr").first()).toBeVisible({ timeout: 30_000 });
    const tracked = await table.locator("tbody td").allInnerTexts();
    expect(
      tracked.filter((text) => statusCode.test(text)),
      `/tracking in ${lang}`,
    ).toEqual([]);
  });
}
