import { readFileSync } from "node:fs";
import { type APIRequestContext, type Download, expect, test } from "@playwright/test";
import { bearer, signIn } from "./demoLogin";
import { sendBatch } from "./shipBatch";

/**
 * The commercial invoice end to end (spec 2 §4.6, §5.5, §7) against a running
 * portal with the demo organisation and the embedded carrier simulator: the
 * demo user ships testdata/batches/valid.csv with a manifest, chooses a
 * manifested row on /report and goes through the GTC, pricing and seller
 * EORI dialogs to the commercial invoice's PDF; the row then shows the
 * stored invoice's number and the invoice reads back by its number.
 *
 * An admin first puts the demo customer where every step of the gate is
 * needed (chargeable, no GTC, no pricing, no seller EORI), and afterwards
 * back as seeded (not chargeable, no GTC, no seller EORI): the batch tests
 * rely on the bakery having no seller EORI.
 */

test.use({ locale: "en-GB" });

const json = (headers: Record<string, string>) => ({ ...headers, "Content-Type": "application/json" });

type CustomerJson = { id: string | number; [field: string]: unknown };

/** Sets the bakery's chargeable flag and seller EORI through the customer update (secrets sent back masked). */
async function putCustomer(
  request: APIRequestContext,
  headers: Record<string, string>,
  path: string,
  change: Record<string, unknown>,
) {
  const full = (await (await request.get(`${path}/full`, { headers })).json()) as CustomerJson;
  const saved = await request.put("/web/api/customers", { headers: json(headers), data: { ...full, ...change } });
  expect(saved.status(), await saved.text()).toBe(200);
}

async function bytesOf(download: Download): Promise<Buffer> {
  const path = await download.path();
  expect(path).toBeTruthy();
  return readFileSync(path!);
}

test("the demo user goes through GTC, pricing and seller EORI to a commercial invoice PDF", async ({ browser }) => {
  test.setTimeout(240_000);
  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, "admin");
  const admin = { Authorization: await bearer(adminPage) };
  const [demo] = (await (
    await adminPage.request.get("/web/api/customers?crmid=DE10000001", { headers: admin })
  ).json()) as CustomerJson[];
  const path = `/web/api/customers/${demo.id}`;
  await adminPage.request.patch(`${path}/gtc-accepted`, { headers: json(admin), data: "false" });
  await putCustomer(adminPage.request, admin, path, { isCommercialInvoiceChargeable: true, sellerEori: "" });
  await adminPage.request.patch(`${path}/ci-pricing-accepted`, { headers: json(admin), data: "false" });

  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  try {
    await signIn(page, "user");
    // Ship a batch and manifest it, so the report has invoiceable rows of this run.
    await sendBatch(page, { labelType: "PDF", manifest: true });

    // The newest VAL-004 row (to Switzerland, with an order line) is this run's.
    await page.goto("/report");
    const form = page.getByRole("form", { name: "Search criteria" });
    await form.getByLabel("Order numbers").fill("VAL-004");
    await form.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/pageableFilter=/);
    const table = page.getByRole("table");
    const first = table.getByRole("row").nth(1);
    await expect(first).toContainText("VAL-004");
    await expect(first).toContainText("Manifest created");
    await first.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Create commercial invoice" }).click();

    // The gate: GTC, then pricing (the customer is chargeable), then the seller EORI.
    const terms = page.getByRole("alertdialog", { name: "Terms and conditions (GTC)" });
    await terms.getByRole("button", { name: "Accept" }).click();
    const pricing = page.getByRole("alertdialog", { name: "Commercial invoice pricing" });
    await pricing.getByRole("button", { name: "Accept" }).click();
    const eori = page.getByRole("dialog", { name: "Seller EORI" });
    await eori.getByLabel("Seller EORI of Bäckerei Sonnenschein").fill("DE123456789012");
    await eori.getByRole("button", { name: "Accept" }).click();

    // The invoice form: defaults, a fresh number, Generate, the PDF.
    const invoice = page.getByRole("form", { name: "Commercial invoice" });
    await expect(invoice.getByLabel("VAT")).toBeDisabled();
    await expect(invoice.getByRole("radio", { name: "Non-EU" })).toBeChecked();
    const number = `E2E-${Date.now()}`;
    await invoice.getByLabel("Invoice number").fill(` ${number} `);
    const generate = invoice.getByRole("button", { name: "Generate" });
    await expect(generate).toBeEnabled();
    await invoice.getByLabel("Freight and postage").fill("6,90");
    const [pdf] = await Promise.all([page.waitForEvent("download"), generate.click()]);
    expect(pdf.suggestedFilename()).toBe(`commercial-invoice-${number}.pdf`);
    expect((await bytesOf(pdf)).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await expect(page.getByText("The commercial invoice was created.", { exact: true })).toBeVisible();

    // The row shows the stored invoice's number, which is now taken and reads back.
    await expect(first).toContainText(number);
    const headers = { Authorization: await bearer(page) };
    // Over REST the spec's answer: the invoiced shipments with their order lines.
    const details = await page.request.get(`/web/api/shipments/commercial-invoice/${number}/details`, { headers });
    expect(details.status()).toBe(200);
    const [shipment] = (await details.json()) as { identifier: string; orderLines: unknown[]; currency: string }[];
    expect(shipment.orderLines.length).toBeGreaterThan(0);
    // Over Connect the stored invoice's header too.
    const connect = await page.request.post("/portal.v1.ReportService/GetCommercialInvoiceDetails", {
      headers: { ...headers, "Content-Type": "application/json" },
      data: { invoiceNumber: number },
    });
    expect(connect.status()).toBe(200);
    const [stored] = ((await connect.json()) as { invoices: Record<string, unknown>[] }).invoices;
    expect(stored).toMatchObject({
      invoiceNumber: number,
      incoterm: "DAP",
      freightPostage: 6.9,
      customerCrmid: "DE10000001",
    });
    const taken = await page.request.get(
      `/web/api/reports/checkInvoiceNumber?invoiceNumber=${number}&crmIds=${encodeURIComponent('["DE10000001"]')}`,
      { headers },
    );
    expect(await taken.json()).toBe(true);
  } finally {
    await adminPage.request.patch(`${path}/ci-pricing-accepted`, { headers: json(admin), data: "false" });
    await adminPage.request.patch(`${path}/gtc-accepted`, { headers: json(admin), data: "false" });
    await putCustomer(adminPage.request, admin, path, { isCommercialInvoiceChargeable: false, sellerEori: "" });
  }
});
