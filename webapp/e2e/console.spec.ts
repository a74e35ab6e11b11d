import { expect, test } from "@playwright/test";
import { signIn } from "./demoLogin";

/**
 * The administration console end to end (spec 1 §2, §7; issue 14) against a
 * running portal: an admin reads the metrics, the health of the components,
 * finds their own sign-in of today in the audits, and changes the batch-jobs
 * logger to DEBUG, which the list shows after a reload; and runs a SELECT
 * in the database console and is refused an UPDATE.
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
    await expect(row.getByText("UP")).toBeVisible();
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
