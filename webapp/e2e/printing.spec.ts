import { expect, type Locator, type Page, test } from "@playwright/test";
import { signIn } from "./demoLogin";

/**
 * Printing ZPL labels (spec 2 §5.3, §8) through the fake Zebra Browser
 * Print agent of cmd/printersim, which dev/test.sh starts on the agent's own
 * address (127.0.0.1:9100) with its control address in PRINTER_SIM_URL. The
 * bakery's user makes the customer a Zebra customer and chooses the agent's
 * printer in the printer settings, sends a batch with ZPL labels and prints
 * them: one ^XA..^XZ per shipment arrives at the printer in one job. With
 * the agent stopped the page says the printer cannot be reached; with the
 * saved printer gone from the agent's list, 'preferred printer not available'.
 * Then staff add a network printer (the simulator's raw TCP port) to the
 * bakery, the user chooses it, and the portal's server prints the batch to it.
 * Last, the user prints the labels of shipments chosen in the report through
 * the agent again.
 */

test.use({ locale: "en-GB" });
test.describe.configure({ mode: "serial" });

const sim = process.env.PRINTER_SIM_URL ?? "http://127.0.0.1:9199";
const printerName = "Zebra ZD421";
const jobTimeout = { timeout: 60_000 };
/** testdata/batches/mixed.csv: rows 1, 4 and 9 are valid. */
const labelled = 3;
const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });
/** The batch the first test sent with ZPL labels; the second prints it again. */
let batchUrl = "";

type Job = { printer: string; via: string; labels: number; data: string };

async function control(page: Page, method: "POST" | "PUT" | "DELETE", path: string, data?: unknown) {
  const response = await page.request.fetch(sim + path, { method, data });
  expect(response.ok()).toBeTruthy();
}

async function jobs(page: Page): Promise<Job[]> {
  return (await (await page.request.get(sim + "/jobs")).json()) as Job[];
}

/**
 * A click on a print button: 'labelPrinted', the button locked for 5 s
 * (spec 2 §4.4), and one job at the printer through `via` with one
 * ^XA..^XZ per label.
 */
async function printsOneJob(page: Page, button: Locator, via: "agent" | "agent-https" | "network", labels: number) {
  await button.click();
  await expect(button).toBeDisabled();
  await expect(toasts(page).getByText("The labels have been sent to the printer.")).toBeVisible();
  const printed = await jobs(page);
  expect(printed).toHaveLength(1);
  expect(printed[0]).toMatchObject({ printer: printerName, via, labels });
  expect(printed[0].data.match(/\^XA[\s\S]*?\^XZ/g)).toHaveLength(labels);
}

async function chooseLabelType(page: Page, labelType: "PDF" | "ZPL") {
  await page.goto("/account/printer");
  await page.getByRole("radio", { name: labelType, exact: true }).check();
}

/**
 * Printer settings: ZPL labels, on the Browser Print agent's printer (remembered in this browser), at the agent's
 * default address or at the one given.
 */
async function chooseAgentPrinter(page: Page, address?: string) {
  await chooseLabelType(page, "ZPL");
  await page.getByRole("radio", { name: "Zebra Browser Print on this computer" }).check();
  if (address) await page.getByLabel("Browser Print address").fill(address);
  await page.getByRole("button", { name: "Find printers" }).click();
  await page.getByRole("combobox", { name: "Printer", exact: true }).click();
  await page.getByRole("option", { name: printerName }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The printer settings have been saved.")).toBeVisible();
}

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await control(page, "POST", "/agent/start");
  await control(page, "PUT", "/agent/hidden", []);
  // The bakery prints PDF again, as the other specs expect.
  await signIn(page, "user");
  await chooseLabelType(page, "PDF");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The printer settings have been saved.")).toBeVisible();
  await page.close();
});

test("a Zebra customer's user prints a batch's labels through Browser Print", async ({ page }) => {
  test.setTimeout(180_000);
  await control(page, "POST", "/agent/start");
  await control(page, "PUT", "/agent/hidden", []);
  await control(page, "DELETE", "/jobs");
  await signIn(page, "user");

  await chooseAgentPrinter(page);

  // A batch sent with the customer's label type, ZPL.
  await page.goto("/batch/new");
  await page
    .getByLabel("CSV or Excel file")
    .setInputFiles(new URL("../../testdata/batches/mixed.csv", import.meta.url).pathname);
  await expect(page).toHaveURL(/\/batch\/\d+$/);
  // Chosen again: customers.spec.ts switches the bakery's label type back and forth meanwhile.
  await page.getByRole("combobox", { name: "Label type" }).click();
  await page.getByRole("option", { name: "ZPL", exact: true }).click();
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await page.getByRole("alertdialog", { name: "Send the batch?" }).getByRole("button", { name: "Send anyway" }).click();
  await expect(page.locator('[aria-current="step"]')).toHaveText(/Sent/, jobTimeout);
  batchUrl = page.url();

  const print = page.getByRole("button", { name: "Print labels (ZPL)" });
  await printsOneJob(page, print, "agent", labelled);

  // The agent is not running.
  await control(page, "POST", "/agent/stop");
  await expect(print).toBeEnabled({ timeout: 10_000 });
  await print.click();
  await expect(toasts(page).getByText("The printer could not be reached.", { exact: false })).toBeVisible();

  // The agent runs, but the saved printer is not among its printers.
  await control(page, "POST", "/agent/start");
  await control(page, "PUT", "/agent/hidden", [printerName]);
  await expect(print).toBeEnabled({ timeout: 10_000 });
  await print.click();
  await expect(
    toasts(page).getByText(`Preferred printer not available: ${printerName}.`, { exact: false }),
  ).toBeVisible();
  expect(await jobs(page)).toHaveLength(1);
});

test("staff configure a network printer and the customer's user prints to it through the portal", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  expect(batchUrl).not.toBe("");
  const admin = await browser.newPage();
  await control(admin, "DELETE", "/jobs");
  await signIn(admin, "admin");
  await admin.goto("/customer");
  await admin.getByRole("link", { name: "Bäckerei Sonnenschein", exact: true }).click();
  const name = `Warehouse ${Date.now()}`;
  await admin.getByRole("button", { name: "Add a network printer" }).click();
  await admin.getByRole("textbox", { name: "Name" }).fill(name);
  // A host that is not an address: refused with a field error, nothing stored.
  await admin.getByRole("textbox", { name: "Host" }).fill("127.0.0.1:9110");
  await admin.getByRole("button", { name: "Save" }).click();
  await expect(admin.getByRole("alert")).toContainText(`Error on field "host"`);
  // Kratos' admin API on this machine: the portal connects to no address of its own services.
  await admin.getByRole("textbox", { name: "Host" }).fill("127.0.0.1");
  await admin.getByRole("spinbutton", { name: "Port" }).fill("4434");
  await admin.getByRole("button", { name: "Save" }).click();
  await expect(admin.getByText("The portal may not connect to this address.", { exact: false })).toBeVisible();
  // The printer network the portal allows (PRINTER_NETWORKS), where the simulator's printers are.
  await admin.getByRole("textbox", { name: "Host" }).fill("127.0.0.2");
  await admin.getByRole("spinbutton", { name: "Port" }).fill("9110");
  await admin.getByRole("button", { name: "Save" }).click();
  await expect(admin.getByRole("rowheader", { name })).toBeVisible();
  await admin.close();

  const page = await browser.newPage();
  await signIn(page, "user");
  await page.goto("/account/printer");
  await page.getByRole("radio", { name: "Network printer of the warehouse (printed by the portal)" }).check();
  await page.getByRole("button", { name: "Find printers" }).click();
  await page.getByRole("combobox", { name: "Printer", exact: true }).click();
  await page.getByRole("option", { name }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The printer settings have been saved.")).toBeVisible();

  await page.goto(batchUrl);
  await printsOneJob(page, page.getByRole("button", { name: "Print labels (ZPL)" }), "network", labelled);
  await page.close();
});

test("a Zebra customer's user prints the labels of a report selection through Browser Print", async ({ page }) => {
  test.setTimeout(120_000);
  expect(batchUrl).not.toBe("");
  await control(page, "POST", "/agent/start");
  await control(page, "PUT", "/agent/hidden", []);
  await control(page, "DELETE", "/jobs");
  await signIn(page, "user");
  await chooseAgentPrinter(page);

  // The report of the sent ZPL shipments of mixed.csv's valid rows (this run's and earlier runs').
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const search = {
    searchCriteria: {
      orderNumbers: ["MIX-001", "MIX-004", "MIX-009"],
      labelTypes: ["Zebra"],
      status: ["SENT"],
      fromDate: day(-7),
      toDate: day(1),
    },
    page: 0,
    size: 100,
    sortField: "submittedAt",
    sortOrder: "desc",
  };
  await page.goto("/report?pageableFilter=" + encodeURIComponent(JSON.stringify(search)));
  const table = page.getByRole("table");
  // The report's chunk and search may take a while on a busy machine.
  await expect(table.getByRole("rowheader", { name: "MIX-001" }).first()).toBeVisible({ timeout: 30_000 });
  const rowBoxes = page.getByRole("checkbox", { name: /^Select (?!all rows)/ });
  await rowBoxes.nth(0).check();
  await rowBoxes.nth(1).check();
  await expect(page.getByText("2 selected")).toBeVisible();

  // One job, one ^XA..^XZ per chosen shipment.
  await printsOneJob(page, page.getByRole("button", { name: "Print labels of the selection" }), "agent", 2);
});

test.describe("through the agent's https port", () => {
  // Browser Print's https port has a certificate of its own, which a user accepts once; the simulator's likewise.
  test.use({ ignoreHTTPSErrors: true });

  test("a Zebra customer's user prints a batch's labels through Browser Print at https://127.0.0.1:9101", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    expect(batchUrl).not.toBe("");
    await control(page, "POST", "/agent/start");
    await control(page, "PUT", "/agent/hidden", []);
    await control(page, "DELETE", "/jobs");
    await signIn(page, "user");
    await chooseAgentPrinter(page, "https://127.0.0.1:9101");
    await page.goto(batchUrl);
    await printsOneJob(page, page.getByRole("button", { name: "Print labels (ZPL)" }), "agent-https", labelled);
  });
});
