import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signIn } from "./demoLogin";
import { createWithLabel } from "./shipParcel";

/**
 * Single parcels end to end (spec 2 §2.3, §4.5) against a running portal with
 * the demo organisation and the embedded carrier simulator: the demo user of
 * the bakery creates a parcel in the form, gets its PDF label as a download,
 * finds it in the parcel list, and deletes another parcel from the list; and
 * two labelled parcels selected in the list go into a manifest, after which
 * their state links to the manifest's batch and they can no longer be deleted.
 */

test.use({ locale: "en-GB" });

/** A unique reference per run, so reruns against the same database stay apart. */
const run = Date.now().toString(36);

test("the demo user creates a parcel, downloads its PDF label, lists it and deletes another", async ({ page }) => {
  await signIn(page, "user");
  const first = `E2E-${run}-1`;
  const second = `E2E-${run}-2`;

  const label = await createWithLabel(page, "Anna Berg", first);
  expect(label.suggestedFilename()).toMatch(/^label-\d+\.pdf$/);
  const path = await label.path();
  expect(readFileSync(path!).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  await createWithLabel(page, "Bert Braun", second);

  await page.goto("/parcel");
  await expect(
    page.getByRole("tab", { name: "Parcel", exact: true }).or(page.getByRole("link", { name: "Parcel", exact: true })),
  ).toBeVisible();
  const row = (reference: string) => page.getByRole("row").filter({ hasText: reference });
  await expect(row(first)).toContainText("Anna Berg");
  await expect(row(first)).toContainText("Labelled");
  await expect(row(first).getByRole("checkbox")).toBeEnabled();

  await row(second)
    .getByRole("link", { name: `Delete ${second}` })
    .click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`delete the parcel ${second}`);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(row(second)).toHaveCount(0);
  await expect(row(first)).toBeVisible();
});

test("the demo user manifests two labelled parcels from the list", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "user");
  const first = `E2E-${run}-M1`;
  const second = `E2E-${run}-M2`;
  await createWithLabel(page, "Carla Conrad", first);
  await createWithLabel(page, "Dora Dietz", second);

  await page.goto("/parcel");
  const row = (reference: string) => page.getByRole("row").filter({ hasText: reference });
  await row(first).getByRole("checkbox").check();
  await row(second).getByRole("checkbox").check();
  await page.getByRole("button", { name: "Create manifest (2)" }).click();
  for (const reference of [first, second]) {
    await expect(row(reference).getByRole("link", { name: /Manifest batch \d+$/ })).toBeVisible({ timeout: 60_000 });
    await expect(row(reference).getByRole("button", { name: `Delete ${reference}` })).toBeDisabled();
    await expect(row(reference).getByRole("checkbox")).toBeDisabled();
  }
});
