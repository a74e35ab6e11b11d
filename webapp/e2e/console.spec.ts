import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, type Page, test } from "@playwright/test";
import { bearer, signIn } from "./demoLogin";

/**
 * The administration console end to end (spec 1 §2, §7; issue 14) against a
 * running portal: an admin reads the metrics, the health of the components,
 * finds their own sign-in of today in the audits, and changes the batch-jobs
 * logger to DEBUG, which the list shows after a reload; and runs a SELECT
 * in the database console and is refused an UPDATE; sees the job-queue
 * figures move while a batch sends; reads the build's version and date in
 * the footer as management/info tells them; changes a default routing
 * option; downloads the carrier list beside a customer's API login.
 */

test.use({ locale: "en-GB" });

test("an admin reads metrics, health and audits, and changes a logger's level", async ({ page }) => {
  // Five pages, each loading its figures; a busy machine needs more than the default 30 s.
  test.setTimeout(90_000);
  await signIn(page, "admin");

  await page.goto("/admin/metrics");
  await expect(page.getByRole("heading", { level: 1, name: "Metrics" })).toBeVisible();
  await expect(page.getByLabel("Heap in use", { exact: true })).toHaveText(/\d+(\.\d)? (KB|MB|GB)/);
  await expect(page.getByRole("heading", { name: "Job queues" })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: /AccountService\/GetAccount/ }).first()).toBeVisible();

  await page.goto("/admin/health");
  for (const component of ["db", "redis", "kratos", "disk"]) {
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: component, exact: true }) });
    await expect(row.getByText("Working", { exact: true })).toBeVisible();
  }
  await page
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: "disk", exact: true }) })
    .getByRole("button", { name: "Details of disk" })
    .click();
  await expect(page.getByRole("dialog", { name: "disk" }).getByText("threshold")).toBeVisible();
  await page.getByRole("button", { name: "Close" }).click();

  await page.goto("/admin/audits");
  const mine = page
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: "admin", exact: true }) })
    .filter({ hasText: "AUTHENTICATION_SUCCESS" });
  await expect(mine.first()).toBeVisible();

  await page.goto("/admin/logs");
  const jobs = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "batch-jobs", exact: true }) });
  await jobs.getByRole("radio", { name: "DEBUG" }).click();
  await expect(jobs.getByRole("radio", { name: "DEBUG" })).toBeChecked();
  await page.reload();
  await expect(jobs.getByRole("radio", { name: "DEBUG" })).toBeChecked();
  // The change is audited, with the admin and the logger.
  await page.goto("/admin/audits");
  await expect(page.getByRole("row").filter({ hasText: "LOGGER_LEVEL_CHANGED" }).first()).toContainText(
    "name=batch-jobs",
  );
  // Back to INFO, as the portal started.
  await page.goto("/admin/logs");
  await jobs.getByRole("radio", { name: "INFO" }).click();
  await expect(jobs.getByRole("radio", { name: "INFO" })).toBeChecked();
});

test("an admin runs a SELECT in the database console and is refused an UPDATE, both audited", async ({ page }) => {
  await signIn(page, "admin");
  await page.goto("/admin/database");
  const statement = page.getByRole("textbox", { name: "SQL statement" });
  await statement.fill("SELECT principal FROM audit_event WHERE principal = 'admin' LIMIT 1");
  await page.getByRole("button", { name: "Run" }).click();
  await expect(page.getByRole("cell", { name: "admin", exact: true })).toBeVisible();
  await statement.fill("UPDATE audit_event SET principal = principal");
  await page.getByRole("button", { name: "Run" }).click();
  await expect(page.getByRole("alert")).toContainText("this statement would change data");
  await page.goto("/admin/audits");
  await expect(page.getByRole("row").filter({ hasText: "DATABASE_QUERY" }).first()).toContainText(
    "outcome=error.databaseConsole.readOnly",
  );
});

/** The cells of the job queues' first row on the metrics page, by column header. */
async function doneToday(page: Page): Promise<number> {
  const section = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Done today" }) });
  const headers = await section.getByRole("columnheader").allTextContents();
  const cells = await section.getByRole("row").nth(1).getByRole("cell").allTextContents();
  // The row header (the queue's name) is no cell; the figures follow it.
  const index = headers.indexOf("Done today") - 1;
  return Number(cells[index].replace(/[^\d]/g, ""));
}

test("an admin sees the job-queue figures move while a batch sends", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, "admin");
  await page.goto("/admin/metrics");
  await expect(page.getByRole("heading", { name: "Job queues" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Done today" })).toBeVisible();
  const before = await doneToday(page);

  // The bakery's mixed.csv, uploaded and sent by the admin through the API.
  const headers = { Authorization: await bearer(page), "Content-Type": "application/json" };
  const [bakery] = (await (await page.request.get("/web/api/customers?crmid=DE10000001", { headers })).json()) as {
    id: string;
  }[];
  const csv = readFileSync(fileURLToPath(new URL("../../testdata/batches/mixed.csv", import.meta.url)));
  const created = await page.request.post("/web/api/batches", {
    headers,
    data: { csv: csv.toString("base64"), csvFileName: "queue-figures.csv", customer: { id: bakery.id } },
  });
  expect(created.ok()).toBeTruthy();
  const { id } = (await created.json()) as { id: string };
  const sent = await page.request.post(`/web/api/batches/${id}/_send`, { headers, data: { labelType: "PDF" } });
  expect(sent.ok()).toBeTruthy();

  // The page reads the figures again by itself: the send's job is counted.
  await expect.poll(() => doneToday(page), { timeout: 60_000 }).toBeGreaterThan(before);
});

test("the footer shows the version and build date management/info reports, from the build", async ({ page }) => {
  const info = (await (await page.request.get("/management/info")).json()) as { version: string; buildDate: string };
  // dev/build.sh links in git describe (a tag or a commit, maybe -dirty), never the default.
  expect(info.version).toMatch(/^[\w.+-]+$/);
  expect(info.version).not.toBe("dev");
  await page.goto("/");
  await expect(page.getByTestId("version")).toHaveText(info.version);
  const built = new Date(info.buildDate);
  const shown = `${String(built.getDate()).padStart(2, "0")}.${String(built.getMonth() + 1).padStart(2, "0")}.${built.getFullYear()}`;
  await expect(page.getByRole("contentinfo")).toContainText(shown);
});

test("an admin changes a default routing option, and downloads a customer's carrier list", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, "admin");
  await page.goto("/routing-options");
  await expect(page.getByRole("heading", { level: 1, name: "Routing options" })).toBeVisible();
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /\(PT\)/ }) });
  const carrier = row.getByRole("textbox", { name: "Carrier for PT" });
  const seeded = await carrier.inputValue();
  // Another value than the one stored, also when a run cut short left its own.
  const changed = seeded === "CTT Expresso" ? "CTT Expresso 2" : "CTT Expresso";
  await carrier.fill(changed);
  await row.getByRole("button", { name: "Save the routing option for PT" }).click();
  await expect(row.getByText("admin", { exact: true })).toBeVisible();
  await page.reload();
  await expect(carrier).toHaveValue(changed);
  // As the seed had it.
  await carrier.fill(seeded);
  await row.getByRole("button", { name: "Save the routing option for PT" }).click();
  await expect(row.getByRole("button", { name: "Save the routing option for PT" })).toBeDisabled();

  const headers = { Authorization: await bearer(page) };
  const [bakery] = (await (await page.request.get("/web/api/customers?crmid=DE10000001", { headers })).json()) as {
    id: string;
  }[];
  await page.goto(`/customer/${bakery.id}/edit`);
  await page.getByRole("tab", { name: "Credentials" }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download the carrier list (CSV)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("shippypro-carriers.csv");
  expect(readFileSync((await download.path())!, "utf8")).toContain("carrier_code,carrier_name,countries");
  await expect(page.getByText("The carrier list was downloaded.", { exact: true })).toBeVisible();
});
