import { type Browser, expect, type Page, test } from "@playwright/test";
import { signIn } from "./demoLogin";

/**
 * The legal pages end to end (issue 25) against a running portal with its
 * demo logins: an admin publishes the imprint of the tenant visitors read in
 * English and in German, an anonymous visitor reads it in each language and,
 * in a language without a text, reads the English one with a note saying so.
 * The test withdraws what it published, so the demo's pages stay as they were.
 */

test.use({ locale: "en-GB" });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Publishes one language's text on the admin page, which starts on the imprint of the visitors' tenant. */
async function publish(page: Page, language: string, text: string) {
  await page.getByRole("tab", { name: new RegExp(language) }).click();
  const field = page.getByLabel(`Text (${language})`);
  await field.fill(text);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("The page is published.")).toBeVisible();
  await expect(page.getByText(/Published on .* by admin\./)).toBeVisible();
}

/** Withdraws one language's text, if it is published. */
async function withdraw(page: Page, language: string) {
  await page.getByRole("tab", { name: new RegExp(language) }).click();
  const button = page.getByRole("button", { name: "Withdraw" });
  if (await button.isVisible()) {
    await button.click();
    await expect(page.getByText("The page is withdrawn.", { exact: false })).toBeVisible();
  }
}

/** The imprint as an anonymous visitor whose browser speaks `locale` reads it. */
async function visitorReads(browser: Browser, locale: string) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await page.goto("/legal/imprint");
  const text = page.getByTestId("legal-text");
  await expect(text).toBeVisible();
  const result = { body: await text.innerText(), lang: await text.getAttribute("lang"), page };
  return { ...result, close: () => context.close() };
}

test("an admin publishes the imprint in English and German, and a visitor reads it in each", async ({
  page,
  browser,
}) => {
  await signIn(page, "admin");
  await page.goto("/admin/legal-pages");
  await expect(page.getByRole("heading", { level: 1, name: "Legal pages" })).toBeVisible();
  await expect(page.getByTestId("portal-tenant")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Page" })).toHaveText("Imprint");

  const run = unique();
  const english = `Parcel Portal Ltd ${run}\n1 Example Street\n\nManaging director: Anna Berg`;
  const german = `Parcel Portal GmbH ${run}\nBeispielstraße 1\n\nGeschäftsführerin: Anna Berg`;
  try {
    await publish(page, "English", english);
    await publish(page, "Deutsch", german);

    const inEnglish = await visitorReads(browser, "en-GB");
    expect(inEnglish.body).toContain(`Parcel Portal Ltd ${run}`);
    expect(inEnglish.body).toContain("Managing director: Anna Berg");
    expect(inEnglish.lang).toBe("en");
    await expect(inEnglish.page.getByText("not available in your language")).toHaveCount(0);
    await inEnglish.close();

    const inGerman = await visitorReads(browser, "de-DE");
    expect(inGerman.body).toContain(`Parcel Portal GmbH ${run}`);
    expect(inGerman.body).toContain("Geschäftsführerin: Anna Berg");
    expect(inGerman.lang).toBe("de");
    await expect(inGerman.page.getByRole("heading", { level: 1, name: "Impressum" })).toBeVisible();
    await inGerman.close();

    // Italian has no text of its own unless another run left one: then English, named as such.
    const inItalian = await visitorReads(browser, "it-IT");
    if (inItalian.lang === "en") {
      expect(inItalian.body).toContain(`Parcel Portal Ltd ${run}`);
      await expect(inItalian.page.getByRole("note")).toContainText("English");
    }
    await inItalian.close();
  } finally {
    await page.goto("/admin/legal-pages");
    await withdraw(page, "English");
    await withdraw(page, "Deutsch");
  }

  // Withdrawn in both languages, and published in no other by this test: a
  // visitor reads the page's not-published state or another run's text, never ours.
  const context = await browser.newContext({ locale: "en-GB" });
  const visitor = await context.newPage();
  await visitor.goto("/legal/imprint");
  await expect(visitor.getByRole("heading", { level: 1, name: "Imprint" })).toBeVisible();
  await expect(visitor.getByText(run, { exact: false })).toHaveCount(0);
  await context.close();
});
