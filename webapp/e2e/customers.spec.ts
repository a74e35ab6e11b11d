import { expect, test } from "@playwright/test";
import { bearer, signIn } from "./demoLogin";

/**
 * Customers end to end (spec 3 §2 to §7) against a running portal with the
 * demo organisation: an admin creates a customer with features and an
 * auto-manifest schedule; the demo user of customer DE10000001 accepts the
 * GTC after scrolling the terms and never sees credentials. Demo data is put
 * back as it was (the GTC unticked by an admin); the seeded carrier login is
 * never touched, because the batch tests send with it.
 */

test.use({ locale: "en-GB" });

/** The consent PATCHes take the bare JSON boolean as their body. */
const json = (headers: Record<string, string>) => ({ ...headers, "Content-Type": "application/json" });

type CustomerJson = { id: string | number; apiPassword: string; apiUsername: string; [field: string]: unknown };

test("an admin creates a customer with features and an auto-manifest schedule", async ({ page }) => {
  const digits = String(Date.now() % 100_000_000).padStart(8, "0");
  const crmid = `AT${digits}`;
  const name = `E2E Customer ${digits}`;
  await signIn(page, "admin");
  await page.goto("/customer");
  await page.getByRole("link", { name: "Create a new customer" }).click();

  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("City").fill("Wien");
  const schedule = page.getByTestId("auto-manifest-schedule");
  await schedule.getByRole("checkbox", { name: "Monday" }).click();
  await schedule.getByRole("checkbox", { name: "Friday" }).click();
  await schedule.getByLabel("Time (HH:mm)").fill("17:30");

  await page.getByRole("tab", { name: "Configuration" }).click();
  await page.getByLabel("CRM ID").fill(crmid);
  const features = page.getByRole("group", { name: "Available features" });
  await features.getByRole("button", { name: "Add" }).click();
  await features.getByLabel("Product 1").fill("EPAQPLS");
  await features.getByLabel("Service 1").fill("STD");
  await features.getByLabel("Options 1").fill("INS, SIG");

  await page.getByRole("tab", { name: "Credentials" }).click();
  await page.getByLabel("API username").fill("e2e-api");
  await page.getByLabel("API password").fill("e2e-secret-password");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/customer$/);

  // Server-side filter on the name finds exactly the new one.
  await page.getByLabel("Filter by name").fill(digits);
  const row = page.getByRole("row").filter({ hasText: crmid });
  await expect(row).toHaveCount(1);
  await row.getByRole("link", { name }).first().click();
  await expect(page.getByText("EPAQPLS / STD / INS / SIG")).toBeVisible();
  await expect(page.getByText("MONDAY, FRIDAY 17:30")).toBeVisible();

  // The password is stored, but the browser only ever gets the mask.
  const id = page.url().split("/").pop();
  const full = await page.request.get(`/web/api/customers/${id}/full`, {
    headers: { Authorization: await bearer(page) },
  });
  const stored = (await full.json()) as CustomerJson;
  expect(stored.apiPassword).toBe("********");
  expect(JSON.stringify(stored)).not.toContain("e2e-secret-password");
  expect(stored.autoManifestDayTime).toEqual({ active: true, time: "17:30", days: ["MONDAY", "FRIDAY"] });

  // Only admins delete; the confirmation comes first.
  await page.goto(`/customer?name=${digits}`);
  await page.getByRole("link", { name: `Delete ${name}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("No Customers found")).toBeVisible();
});

test("the demo user accepts the GTC after scrolling and never sees credentials", async ({ browser }) => {
  // An admin opens the demo customer's GTC again. Its seeded carrier login
  // (demo / portal-demo) stays as it is: the batch tests send with it, and a
  // password once replaced cannot be put back, since nobody reads it again.
  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, "admin");
  const admin = { Authorization: await bearer(adminPage) };
  const list = await adminPage.request.get("/web/api/customers?crmid=DE10000001", { headers: admin });
  const [demo] = (await list.json()) as CustomerJson[];
  const path = `/web/api/customers/${demo.id}`;
  await adminPage.request.patch(`${path}/gtc-accepted`, { headers: json(admin), data: "false" });
  const before = (await (await adminPage.request.get(`${path}/full`, { headers: admin })).json()) as CustomerJson;
  expect(before.apiPassword).toBe("********");

  const page = await (await browser.newContext()).newPage();
  try {
    await signIn(page, "user");
    const own = (await (
      await page.request.get(`${path}/full`, { headers: { Authorization: await bearer(page) } })
    ).json()) as CustomerJson;
    expect(own.apiPassword).toBe("");
    expect(JSON.stringify(own)).not.toContain("portal-demo");

    await page.getByRole("button", { name: "Account: user" }).click();
    await page.getByRole("menuitem", { name: "Customer" }).click();
    await expect(page.getByRole("tab", { name: "General" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Credentials" })).toHaveCount(0);
    await expect(page.getByRole("tab", { name: "Configuration" })).toHaveCount(0);

    await page.getByRole("checkbox", { name: "General terms and conditions accepted" }).click();
    const dialog = page.getByRole("dialog", { name: "General terms and conditions" });
    const accept = dialog.getByRole("checkbox", { name: "I have read and accept the general terms and conditions." });
    const reader = dialog.getByTestId("gtc-reader");
    await expect(reader.getByRole("heading", { name: /^6\./ })).toBeAttached();
    await expect(accept).toBeDisabled();
    await reader.evaluate((box) => box.scrollTo({ top: box.scrollHeight }));
    await expect(accept).toBeEnabled();
    await accept.click();
    await dialog.getByRole("button", { name: "Accept" }).click();
    await expect(dialog).toHaveCount(0);

    const consent = page.getByRole("checkbox", { name: "General terms and conditions accepted" });
    await expect(consent).toBeChecked();
    await expect(consent).toBeDisabled();
    await expect(page.getByText(/Accepted by user on/)).toBeVisible();
    // Locked for the user on the server too: a refusal (400), not a 403 that would sign out.
    const untick = await page.request.patch(`${path}/gtc-accepted`, {
      headers: json({ Authorization: await bearer(page) }),
      data: "false",
    });
    expect(untick.status()).toBe(400);
    expect(((await untick.json()) as { message: string }).message).toBe("error.consent.locked");
  } finally {
    await adminPage.request.patch(`${path}/gtc-accepted`, { headers: json(admin), data: "false" });
  }
});

test("the auto-manifest clock saves the active customer's schedule only when complete", async ({ page }) => {
  await signIn(page, "user");
  const clock = page.getByRole("button", { name: "Automatic manifests" });
  await clock.click();
  let menu = page.getByRole("dialog");
  const save = menu.getByRole("button", { name: "Save" });
  const schedule = menu.getByTestId("auto-manifest-schedule");
  await expect(schedule).toBeVisible();
  // The slots are read in the local time of the customer's hub (Frankfurt).
  await expect(menu.getByTestId("auto-manifest-zone")).toContainText("hub (DE)");
  if (await schedule.getByRole("checkbox", { name: "Create manifests automatically" }).isChecked()) {
    await schedule.getByRole("checkbox", { name: "Create manifests automatically" }).click();
  }
  await schedule.getByRole("checkbox", { name: "Wednesday" }).click();
  // Active with a day but no time: not saveable.
  await expect(save).toBeDisabled();
  await schedule.getByLabel("Time (HH:mm)").fill("08:15");
  await expect(save).toBeEnabled();
  await save.click();
  await expect(menu).toHaveCount(0);

  await clock.click();
  menu = page.getByRole("dialog");
  await expect(menu.getByRole("checkbox", { name: "Wednesday" })).toBeChecked();
  await expect(menu.getByLabel("Time (HH:mm)")).toHaveValue("08:15");
  // Removing the last day turns the schedule off and clears the time.
  await menu.getByRole("checkbox", { name: "Wednesday" }).click();
  await expect(menu.getByRole("checkbox", { name: "Create manifests automatically" })).not.toBeChecked();
  await expect(menu.getByLabel("Time (HH:mm)")).toHaveValue("");
  await menu.getByRole("button", { name: "Save" }).click();
  await expect(menu).toHaveCount(0);
});

test("the printer settings keep the active customer's label type", async ({ page }) => {
  await signIn(page, "user");
  await page.getByRole("button", { name: "Account: user" }).click();
  await page.getByRole("menuitem", { name: "Printer settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Printer settings" })).toBeVisible();
  const zpl = page.getByRole("radio", { name: "ZPL" });
  const pdf = page.getByRole("radio", { name: "PDF" });
  await zpl.click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The printer settings have been saved.", { exact: true })).toBeVisible();
  await page.reload();
  await expect(zpl).toBeChecked();
  // Back to the default.
  await pdf.click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The printer settings have been saved.", { exact: true })).toBeVisible();
  await page.reload();
  await expect(pdf).toBeChecked();
});

// Issue 25: the form once saved a customer's manifesting rules without their hubs. An admin's save that changes
// nothing sends every rule back as it came, hub and all.
test("an admin's save of a customer that changes nothing keeps every manifesting rule's hub", async ({ page }) => {
  await signIn(page, "admin");
  const headers = { Authorization: await bearer(page) };
  const [garden] = (await (
    await page.request.get("/web/api/customers?crmid=NL10000003", { headers })
  ).json()) as CustomerJson[];
  const path = `/web/api/customers/${garden.id}`;
  const tenants = (await (await page.request.get("/web/api/tenants", { headers })).json()) as {
    hubs: { id: string }[];
  }[];
  const hubs = tenants.flatMap((tenant) => tenant.hubs.map((hub) => hub.id));
  expect(hubs.length).toBeGreaterThan(1);
  const rules = [
    { destination: "FR", manifestType: "MANIFEST_TO_CARIER", hub: { id: hubs[0] } },
    { destination: "IT", manifestType: "MANIFEST_TO_CARIER", hub: { id: hubs[1] } },
  ];
  const full = (await (await page.request.get(`${path}/full`, { headers })).json()) as CustomerJson;
  const put = await page.request.put("/web/api/customers", {
    headers: json(headers),
    data: { ...full, manifestingRules: rules },
  });
  expect(put.status(), await put.text()).toBe(200);
  try {
    const before = (await (await page.request.get(`${path}/full`, { headers })).json()) as CustomerJson;
    await page.goto(`/customer/${garden.id}/edit`);
    await expect(page.getByLabel("Name", { exact: true })).not.toHaveValue("");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/customer$/);
    const after = (await (await page.request.get(`${path}/full`, { headers })).json()) as CustomerJson;
    expect(after.manifestingRules).toEqual(before.manifestingRules);
    expect((after.manifestingRules as { hub?: { id: string } }[]).map((rule) => rule.hub?.id)).toEqual(
      hubs.slice(0, 2),
    );
  } finally {
    const now = (await (await page.request.get(`${path}/full`, { headers })).json()) as CustomerJson;
    await page.request.put("/web/api/customers", { headers: json(headers), data: { ...now, manifestingRules: [] } });
  }
});
