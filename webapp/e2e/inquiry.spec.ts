import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { bearer, signIn } from "./demoLogin";
import { sendBatch } from "./shipBatch";

/**
 * Parcel inquiries and the newsletter end to end (spec 3 §2–5) against a
 * running portal with the demo organisation, whose tenant's service and
 * marketing addresses Mailpit catches: the demo user files an inquiry with
 * an attachment from the tracking grid (the mail with the PDF and the file
 * reaches the service desk), an anonymous visitor files one with the
 * captcha, and the user asks for a newsletter subscription that the
 * address's owner confirms with the mailed link.
 */

test.use({ locale: "en-GB" });

const mailpit = process.env.MAILPIT_URL ?? "http://127.0.0.1:8025";
const serviceDesk = "service@parcel-portal.local";
const photo = {
  name: "damage.png",
  mimeType: "image/png",
  buffer: Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.from("a picture of a damaged parcel")]),
};

type Attachment = { FileName: string; ContentType: string };

/** The attachments of the mail to `to` whose subject holds `text`, waiting for it. */
async function mailAttachments(request: APIRequestContext, to: string, text: string): Promise<Attachment[]> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const search = await request.get(`${mailpit}/api/v1/search`, { params: { query: `to:"${to}" subject:"${text}"` } });
    expect(search.ok()).toBeTruthy();
    const { messages } = (await search.json()) as { messages: { ID: string }[] | null };
    if (messages && messages.length > 0) {
      const message = await request.get(`${mailpit}/api/v1/message/${messages[0].ID}`);
      return ((await message.json()) as { Attachments: Attachment[] }).Attachments;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`no mail to ${to} about ${text}`);
}

/** The text of the mail to `to` whose subject holds `text`, waiting for it. */
async function mailText(request: APIRequestContext, to: string, text: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const search = await request.get(`${mailpit}/api/v1/search`, { params: { query: `to:"${to}" subject:"${text}"` } });
    expect(search.ok()).toBeTruthy();
    const { messages } = (await search.json()) as { messages: { ID: string }[] | null };
    if (messages && messages.length > 0) {
      const message = await request.get(`${mailpit}/api/v1/message/${messages[0].ID}`);
      return ((await message.json()) as { Text: string }).Text;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`no mail to ${to} about ${text}`);
}

/** Fills what the prefill leaves open and ticks the consent. */
async function completeForm(page: Page, email: string) {
  const fill = async (label: string, value: string, nth = 0) => {
    const field = page.getByLabel(label, { exact: true }).nth(nth);
    if ((await field.inputValue()) === "") await field.fill(value);
  };
  await fill("Name *", "Bakery Berlin", 0);
  await fill("Customer number *", "DE10000001");
  await fill("Contact person *", "Anna Baker", 0);
  await fill("E-mail *", email, 0);
  await fill("Repeat e-mail", email, 0);
  await fill("Name *", "Jan Jansen", 1);
  await fill("Country *", "NL");
  await fill("Contact person *", "Jan Jansen", 1);
  await fill("E-mail *", "jan@example.org", 1);
  await fill("Repeat e-mail", "jan@example.org", 1);
  await fill("Description of the content *", "Bread and cakes");
  await page.getByLabel(/^Attachments/).setInputFiles(photo);
  await page.getByRole("checkbox", { name: /I agree that my data is processed/ }).check();
}

test("a signed-in user files an inquiry with an attachment from tracking", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "user");
  await sendBatch(page);

  await page.goto("/tracking");
  await page.getByLabel("Recipient name").fill("Jan Jansen");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const row = page.getByRole("table").getByRole("row").filter({ hasText: "VAL-002" }).first();
  await expect(row).toBeVisible();
  const trackingNumber = (await row.getByRole("button").first().innerText()).trim();
  await row.getByRole("link", { name: `File an inquiry about ${trackingNumber}` }).click();
  await expect(page).toHaveURL(/\/internal-parcel-inquiry\//);
  await expect(page.getByLabel("Tracking number *")).toHaveValue(trackingNumber);

  // Messages show only after a first submit.
  await expect(page.getByText("This field is required.")).toHaveCount(0);
  await page.getByLabel("Description of the content *").fill("");
  await page.getByRole("button", { name: "Submit inquiry" }).click();
  await expect(page.getByText("Please correct the marked fields.")).toBeVisible();

  await completeForm(page, `sender-${randomBytes(4).toString("hex")}@example.org`);
  await page.getByRole("button", { name: "Submit inquiry" }).click();
  await expect(page.getByText("Your inquiry was submitted.")).toBeVisible();
  await expect(page.getByLabel("Tracking number *")).toBeDisabled();

  const files = await mailAttachments(page.request, serviceDesk, trackingNumber);
  expect(files.map((f) => f.ContentType)).toEqual(["application/pdf", "image/png"]);
  expect(files[1].FileName).toBe("damage.png");

  // The grid shows who filed it; reset clears the form and the consent.
  await page.getByRole("button", { name: "Reset" }).click();
  await expect(page.getByRole("checkbox", { name: /I agree that my data is processed/ })).not.toBeChecked();
  await page.goto("/tracking");
  await page.getByLabel("Recipient name").fill("Jan Jansen");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("table").getByRole("row").filter({ hasText: "VAL-002" }).first()).toContainText(
    "by user",
  );
});

test("an anonymous visitor files an inquiry with the captcha", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, "admin");
  const tenants = await page.request.get("/web/api/tenants", { headers: { Authorization: await bearer(page) } });
  expect(tenants.ok()).toBeTruthy();
  const list = (await tenants.json()) as { id: string | number; name: string }[];
  const tenant = list.find((t) => t.name === "Parcel Portal Germany");
  expect(tenant).toBeTruthy();

  const visitor = await (await browser.newContext({ locale: "en-GB" })).newPage();
  await visitor.goto(`/parcel-inquiry/${tenant!.id}`);
  await expect(visitor.getByTestId("inquiry-tenant")).toContainText("Parcel Portal Germany");
  const trackingNumber = `CP${randomBytes(4).toString("hex").toUpperCase()}DE`;
  await visitor.getByLabel("Tracking number *").fill(trackingNumber);
  await visitor.getByLabel("Date of posting *").fill("20/11/2026");
  await completeForm(visitor, `visitor-${randomBytes(4).toString("hex")}@example.org`);
  await expect(visitor.getByText("Security check passed.")).toBeVisible({ timeout: 30_000 });
  await visitor.getByRole("button", { name: "Submit inquiry" }).click();
  await expect(visitor.getByText("Your inquiry was submitted.")).toBeVisible();
  const files = await mailAttachments(visitor.request, serviceDesk, trackingNumber);
  expect(files.map((f) => f.FileName)).toContain("damage.png");

  await visitor.goto("/parcel-inquiry/999999");
  await expect(visitor.getByText("This inquiry address is not known.")).toBeVisible();
});

test("a user asks for a newsletter subscription; the address's owner confirms it", async ({ page, request }) => {
  const reader = `reader-${randomBytes(4).toString("hex")}@example.org`;
  await signIn(page, "user");
  await page.goto("/newsletter-subscribe");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Please accept the terms.")).toBeVisible();
  await page.getByLabel("Company").fill("B");
  await expect(page.getByText("The company needs at least 2 characters.")).toBeVisible();
  await page.getByLabel("Company").fill("Bakery");
  await page.getByLabel("E-mail").fill(reader);
  await page.getByRole("checkbox", { name: "I accept the terms of the newsletter." }).check();
  await page.getByRole("button", { name: "Subscribe" }).click();
  // Double opt-in: the address is mailed a link, and subscribed once it is used.
  await expect(page.getByText("Please check your mailbox")).toBeVisible();
  await page.getByRole("link", { name: "Back to the dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The link in the mail (in the page's language) confirms the subscription.
  const text = await mailText(request, reader, "confirm your newsletter subscription");
  const link = /https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/.exec(text)?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByText("Thank you: your address is subscribed to the newsletter.")).toBeVisible();
});

test("a tracking-only login opens the inquiry form its tracking grid links to", async ({ page }) => {
  await signIn(page, "tracking");
  // An unknown parcel: the page is reached (not refused) and says so.
  await page.goto("/internal-parcel-inquiry/TR000001/FT000001");
  await expect(page.getByRole("heading", { name: "Internal parcel inquiry", level: 1 })).toBeVisible();
  await expect(page.getByText("The parcel was not found.")).toBeVisible();
  await expect(page.getByText("You are not authorized to access this page.")).toHaveCount(0);
  await expect(page).toHaveURL(/\/internal-parcel-inquiry\/TR000001\/FT000001$/);
});
