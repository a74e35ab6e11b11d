import { fileURLToPath } from "node:url";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { signIn } from "./demoLogin";

/**
 * The content security policy the server sends (adapters/web/headers.go)
 * must fit the built webapp: the main pages, anonymous and signed in, load
 * and work without a single violation (Radix's injected styles, the product
 * video, the captcha's proof of work, the MFA QR code as a blob: image, the
 * API docs page, a blob: download, a CSV upload and the batch grid).
 */

test.use({ locale: "en-GB" });

const mixedCsv = fileURLToPath(new URL("../../testdata/batches/mixed.csv", import.meta.url));

type Violation = { directive: string; blocked: string; source: string };

/** Records every CSP violation the page reports, from its first script on. */
async function watchViolations(page: Page): Promise<() => Promise<Violation[]>> {
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { __cspViolations: Violation[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push({ directive: e.violatedDirective, blocked: e.blockedURI, source: e.sourceFile }),
    );
  });
  const fromConsole: Violation[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) {
      fromConsole.push({ directive: "console", blocked: message.text(), source: message.location().url });
    }
  });
  return async () => [
    ...fromConsole,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations ?? [])),
  ];
}

/** The device dialog's QR code is a blob: image: it must load under the policy. */
async function qrLoads(setup: Locator) {
  await expect(setup.getByTestId("mfa-qr")).toHaveJSProperty("complete", true);
  expect(await setup.getByTestId("mfa-qr").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
}

test("every response carries the security headers", async ({ request }) => {
  for (const path of ["/", "/batch/1", "/management/info", "/web/api/account", "/api-docs/portal.openapi.yaml"]) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'self'");
    expect(headers["content-security-policy"], path).toContain("script-src 'self';");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("same-origin");
    expect(headers["x-frame-options"], path).toBe("SAMEORIGIN");
  }
});

test("the public pages run without policy violations", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto("/");
  await page.getByRole("button", { name: "Play the product video" }).click();
  await page.goto("/account/register");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The captcha solves its proof of work in the page.
  await expect(page.getByText("Security check passed.")).toBeVisible({ timeout: 30_000 });
  await page.goto("/account/reset/request");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto("/login");
  await expect(page.getByRole("dialog", { name: "Sign in" })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test("the admin's pages and the API docs run without policy violations", async ({ page }) => {
  const violations = await watchViolations(page);
  await signIn(page, "admin", qrLoads);
  for (const path of ["/account/docs", "/customer", "/tenant", "/news", "/invoice-report", "/admin/user-management"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  }
  await page.goto("/account/docs");
  // The explorer renders the whole OpenAPI document: slow on a busy machine.
  await expect(page.getByText("/web/api/batches").first()).toBeVisible({ timeout: 20_000 });
  // A download travels as a blob: link.
  await page.goto("/invoice-report");
  const year = String(new Date().getFullYear());
  await page.getByRole("combobox", { name: "Year" }).click();
  await page.getByRole("option", { name: year }).click();
  await page.getByRole("combobox", { name: "Month" }).click();
  await page.getByRole("option", { name: "March" }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download" }).click();
  expect((await downloading).suggestedFilename()).toBe(`invoice-report-${year}-03.csv`);
  expect(await violations()).toEqual([]);
});

test("a CSV upload and the batch grid run without policy violations", async ({ page }) => {
  const violations = await watchViolations(page);
  await signIn(page, "user", qrLoads);
  await page.goto("/batch");
  await page.getByRole("link", { name: "Upload a CSV file" }).click();
  await page.getByLabel("CSV or Excel file").setInputFiles(mixedCsv);
  await expect(page).toHaveURL(/\/batch\/\d+$/);
  await expect(page.getByRole("grid")).toBeVisible();
  await page.goto("/account/printer");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  expect(await violations()).toEqual([]);
});

test("the policy blocks an injected inline script, and the watch sees it", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto("/");
  const ran = await page.evaluate(async () => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = true";
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  expect((await violations()).some((v) => v.directive.startsWith("script-src"))).toBe(true);
});
