import { expect, test } from "@playwright/test";

/** The browser's language is English unless a test says otherwise, so texts are predictable. */
test.use({ locale: "en-GB" });

test("the public home introduces the portal and its product video", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Play the product video" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("the locale menu switches the page to German", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Language: English" }).click();
  await page.getByRole("menuitemradio", { name: "Deutsch" }).click();

  await expect(page.getByRole("contentinfo")).toContainText("ein Synchronisationswerkzeug für Sendungen");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");

  // The choice holds for the session: a reload stays in German.
  await page.reload();
  await expect(page.getByRole("link", { name: "Impressum" })).toBeVisible();
});

test("an unknown path shows the not-found page", async ({ page }) => {
  await page.goto("/this/page/does/not/exist");
  await expect(page.getByText("The page does not exist.")).toBeVisible();
});

test("the footer shows the version the server reports", async ({ page, baseURL }) => {
  const response = await fetch(`${baseURL}/management/version`);
  expect(response.ok).toBeTruthy();
  const { version } = (await response.json()) as { version: string };

  await page.goto("/");
  await expect(page.getByTestId("version")).toHaveText(version);
});
