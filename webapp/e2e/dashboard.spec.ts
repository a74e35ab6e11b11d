import { expect, test } from "@playwright/test";
import { signIn } from "./demoLogin";
import { sendBatch } from "./shipBatch";

/**
 * The dashboard end to end (spec 3 §2) against a running portal with the
 * demo organisation and the embedded carrier and tracking simulators: the
 * demo user of the bakery sends testdata/batches/valid.csv, then sees the
 * destination countries on the map and in the top-countries table, counts
 * the parcels to the Netherlands, and follows Jan Jansen's parcel (e-PAQ
 * Plus) in the tracking box to its last step as the simulator moves it
 * (dev/test.sh plays journeys 50000 times faster: delivered in seconds).
 */

test.use({ locale: "en-GB" });

test("the demo user sees the countries of a sent batch and follows a parcel on the dashboard", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, "user");
  await sendBatch(page);

  // Jan Jansen's tracking number, from tracking's grid.
  await page.goto("/tracking");
  await page.getByLabel("Recipient name").fill("Jan Jansen");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const row = page.getByRole("table").getByRole("row").filter({ hasText: "VAL-002" }).first();
  const trackingNumber = (await row.getByRole("button").first().innerText()).trim();
  expect(trackingNumber).not.toBe("");

  await page.goto("/dashboard");
  const map = page.getByRole("group", { name: "Parcels per destination country" });
  for (const country of ["Netherlands", "Switzerland", "France"]) {
    await expect(map.getByRole("img", { name: new RegExp(`^${country}: \\d+ parcels?$`) })).toBeVisible();
  }
  const table = page.getByRole("table");
  await expect(table).toContainText("Netherlands");
  await expect(table.getByRole("row")).not.toHaveCount(1);

  await page.getByRole("button", { name: "Countries", exact: true }).click();
  await page.getByRole("menuitemcheckbox", { name: "Netherlands", exact: true }).click();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Count", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(/Parcels found: [1-9]/);

  await page.getByRole("textbox", { name: "Tracking number" }).fill(trackingNumber);
  await page.getByRole("button", { name: "Track", exact: true }).click();
  const parcel = page.getByRole("region", { name: `Parcel ${trackingNumber}` });
  await expect(parcel.getByRole("table")).toContainText("Information received");
  // The simulator plays the journey sped up; the box asks again every 15 s.
  await expect(parcel.locator('[aria-current="step"]')).toHaveText("Delivered", { timeout: 60_000 });
  await expect(parcel.getByRole("table")).toContainText("Delivered");
});
