import { expect, type Page, test } from "@playwright/test";
import { bearer, signIn } from "./demoLogin";

/**
 * Tenants with hubs and fulfillments end to end (spec 3 §2, §4, §6) against
 * a running portal with the demo organisation: the super admin creates a
 * tenant with two hubs and switches the default; an admin neither sees nor
 * may use create and delete; a fulfillment save that would take a customer
 * from another fulfillment asks first. The demo data is left as it was.
 */

test.use({ locale: "en-GB" });

async function fillHub(page: Page, index: number, name: string, city: string) {
  const hub = page.getByTestId("hub-form").nth(index);
  await hub.getByLabel("Hub name").fill(name);
  await hub.getByLabel("Hub street").fill("Industriestraße 1");
  await hub.getByLabel("Hub zip code").fill("50667");
  await hub.getByLabel("Hub city").fill(city);
}

test("the super admin creates a tenant with two hubs and switches the default", async ({ page }) => {
  const suffix = Date.now().toString(36);
  const subsidiary = `E2E Subsidiary ${suffix}`;
  await signIn(page, "superadmin");
  await page.goto("/tenant");
  await page.getByRole("link", { name: "Create a new tenant" }).click();
  await page.getByLabel("Subsidiary").fill(subsidiary);
  await page.getByLabel("Name", { exact: true }).fill(`E2E ${suffix}`);
  await page.getByLabel("Service e-mail").fill("service@example.com");
  await fillHub(page, 0, "Köln Hub", "Köln");
  await page.getByRole("button", { name: "Add hub" }).click();
  await fillHub(page, 1, "Bonn Hub", "Bonn");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/tenant$/);

  const row = page.getByTestId("tenant-row").filter({ hasText: subsidiary });
  await expect(row.getByTestId("hub").filter({ hasText: "Köln Hub" })).toHaveAttribute("data-default", "true");
  await expect(row.getByTestId("hub").filter({ hasText: "Bonn Hub" })).toHaveAttribute("data-default", "false");

  await row.getByRole("link", { name: `Edit ${subsidiary}` }).click();
  const forms = page.getByTestId("hub-form");
  await expect(forms).toHaveCount(2);
  await forms.nth(1).getByRole("button", { name: "Set as default" }).click();
  await expect(forms.nth(1)).toHaveAttribute("data-default", "true");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/tenant$/);

  await page.reload();
  const reloaded = page.getByTestId("tenant-row").filter({ hasText: subsidiary });
  const bonn = reloaded.getByTestId("hub").filter({ hasText: "Bonn Hub" });
  await expect(bonn).toHaveAttribute("data-default", "true");
  await expect(bonn.getByText("Default")).toBeVisible();
  await expect(reloaded.getByTestId("hub").filter({ hasText: "Köln Hub" })).toHaveAttribute("data-default", "false");

  // Delete behind its confirmation, and the list is back without it.
  await reloaded.getByRole("link", { name: `Delete ${subsidiary}` }).click();
  const dialog = page.getByRole("alertdialog", { name: "Confirm delete operation" });
  await expect(dialog).toContainText(subsidiary);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("tenant-row").filter({ hasText: subsidiary })).toHaveCount(0);
});

test("an admin sees tenants without create or delete, and the server refuses both", async ({ page }) => {
  await signIn(page, "admin");
  await page.goto("/tenant");
  const row = page.getByTestId("tenant-row").filter({ hasText: "Parcel Portal Germany" });
  await expect(row.getByRole("link", { name: "Edit Parcel Portal Germany" })).toBeVisible();
  await expect(row.getByRole("link", { name: /^Delete/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Create a new tenant" })).toHaveCount(0);

  const headers = { Authorization: await bearer(page), "Content-Type": "application/json" };
  const created = await page.request.post("/web/api/tenants", {
    headers,
    data: {
      subsidiary: "Not allowed",
      name: "Not allowed",
      hubs: [{ name: "H", street: "S", zipCode: "1", city: "C", isDefault: true }],
    },
  });
  expect(created.status()).toBe(403);
  const tenants = await (await page.request.get("/web/api/tenants?page=0&size=100", { headers })).json();
  const demo = tenants.find((t: { subsidiary: string }) => t.subsidiary === "Parcel Portal Germany");
  expect(demo).toBeTruthy();
  expect((await page.request.delete(`/web/api/tenants/${demo.id}`, { headers })).status()).toBe(403);
  expect(JSON.stringify(demo)).not.toContain("portal-demo");
});

test("an admin saving a fulfillment with a customer of another one gets the confirmation listing it", async ({
  page,
}) => {
  const name = `E2E Fulfillment ${Date.now().toString(36)}`;
  await signIn(page, "admin");
  await page.goto("/fulfillment");
  await expect(page.getByRole("row", { name: /Rhein Fulfillment/ })).toBeVisible();
  await page.getByRole("link", { name: "Create a new fulfillment" }).click();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("CRM ID").fill("DE99999999");
  await page.getByRole("button", { name: "Customers" }).click();
  await page.getByRole("menuitemcheckbox", { name: /Buchhandlung Seitenwind/ }).click();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Save" }).click();

  const dialog = page.getByRole("alertdialog", { name: "Customers of another fulfillment" });
  await expect(dialog.getByTestId("moving-customers")).toContainText(
    "Buchhandlung Seitenwind (now with Rhein Fulfillment)",
  );
  // Cancelling saves nothing: the demo customer stays where it is.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/fulfillment\/new$/);

  // Without that customer the save goes through and returns to the list.
  await page.getByRole("button", { name: "Customers" }).click();
  await page.getByRole("menuitemcheckbox", { name: /Buchhandlung Seitenwind/ }).click();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/fulfillment$/);
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("DE99999999");

  await page.goto("/fulfillment");
  await page.getByRole("link", { name: "Rhein Fulfillment", exact: true }).click();
  await expect(page.getByRole("cell", { name: "Buchhandlung Seitenwind" })).toBeVisible();

  await page.goto("/fulfillment");
  await page.getByRole("link", { name: `Delete ${name}` }).click();
  await page
    .getByRole("alertdialog", { name: "Confirm delete operation" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
});
