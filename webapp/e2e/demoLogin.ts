import { expect, type Locator, type Page } from "@playwright/test";

/** The password of every demo login (bin/seed). */
export const demoPassword = "portal-demo";

/**
 * Signs in as a demo login, skipping device registration for now if the
 * portal offers it. beforeSkip, when given, looks at the device dialog first.
 */
export async function signIn(page: Page, login: string, beforeSkip?: (setup: Locator) => Promise<void>) {
  await page.goto("/login");
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await dialog.getByLabel("Username").fill(login);
  await dialog.getByLabel("Password", { exact: true }).fill(demoPassword);
  await dialog.getByRole("button", { name: "Sign in" }).click();
  const setup = page.getByRole("dialog", { name: "Set up two-factor authentication" });
  const account = page.getByRole("button", { name: `Account: ${login}` });
  await expect(setup.or(account)).toBeVisible();
  if (await setup.isVisible()) {
    await beforeSkip?.(setup);
    await setup.getByRole("button", { name: "Skip for now" }).click();
  }
  await expect(account).toBeVisible();
}

/** The bearer the signed-in page holds, as an Authorization header value. */
export async function bearer(page: Page): Promise<string> {
  const token = await page.evaluate(
    () => localStorage.getItem("portal.authenticationToken") ?? sessionStorage.getItem("portal.authenticationToken"),
  );
  expect(token).toBeTruthy();
  return `Bearer ${token}`;
}
