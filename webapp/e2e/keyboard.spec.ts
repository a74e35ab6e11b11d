import { expect, type Locator, type Page, test } from "@playwright/test";
import { demoPassword } from "./demoLogin";
import { mixedCsv } from "./shipBatch";

/**
 * The main journey of batches.spec.ts with the keyboard alone (issue 16):
 * sign in, upload a batch, fix a cell in the grid, send, create the manifest,
 * download the labels. Every element reached with Tab shows its focus, and
 * the send confirmation keeps focus inside while open and gives it back to
 * the Send button when it closes. No mouse call anywhere in this file.
 */

test.use({ locale: "en-GB" });

const jobTimeout = { timeout: 60_000 };

/**
 * Whether the focused element shows it: an outline or a focus ring
 * (box-shadow) on itself, an outline on its ::before/::after, a child or one of its three nearest
 * ancestors (Radix draws a text field's ring on the field's root, the drop
 * zone on the label around its hidden file input).
 */
async function focusVisible(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    // Between the last element and the first, Tab passes through the browser's own controls.
    if (!active || active === document.body) return null;
    const outlined = (style: CSSStyleDeclaration) =>
      style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    const own = getComputedStyle(active);
    if (outlined(own) || own.boxShadow !== "none") return null;
    // Radix draws some rings on a pseudo-element (switches) or an inner element (tabs).
    if (["::before", "::after"].some((pseudo) => outlined(getComputedStyle(active, pseudo)))) return null;
    if (Array.from(active.children).some((child) => outlined(getComputedStyle(child)))) return null;
    let ancestor = active.parentElement;
    for (let level = 0; ancestor && level < 3; level++, ancestor = ancestor.parentElement) {
      if (outlined(getComputedStyle(ancestor))) return null;
    }
    return `no visible focus on ${active.outerHTML.slice(0, 160)}`;
  });
}

/** Presses Tab (or Shift+Tab) until the target has focus, checking each stop shows its focus. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    expect(await focusVisible(page)).toBeNull();
    if ((await target.count()) === 1 && (await target.evaluate((element) => element === document.activeElement)))
      return;
  }
  throw new Error(`Tab did not reach ${target}`);
}

test("the demo user ships a batch with the keyboard alone", async ({ page }) => {
  test.setTimeout(180_000);

  // Sign in: the dialog focuses the username; Tab to the password, Enter submits.
  await page.goto("/login");
  const login = page.getByRole("dialog", { name: "Sign in" });
  await expect(login.getByLabel("Username")).toBeFocused();
  await page.keyboard.type("user");
  await tabTo(page, login.getByLabel("Password", { exact: true }));
  await page.keyboard.type(demoPassword);
  await page.keyboard.press("Enter");
  const setup = page.getByRole("dialog", { name: "Set up two-factor authentication" });
  const account = page.getByRole("button", { name: "Account: user" });
  await expect(setup.or(account)).toBeVisible();
  if (await setup.isVisible()) {
    await tabTo(page, setup.getByRole("button", { name: "Skip for now" }));
    await page.keyboard.press("Enter");
  }
  await expect(account).toBeVisible();

  // Upload: Tab to the drop zone's file input; Space opens the file chooser.
  await page.goto("/batch/new");
  const input = page.getByLabel("CSV or Excel file");
  await tabTo(page, input);
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.keyboard.press("Space")]);
  await chooser.setFiles(mixedCsv);
  await expect(page).toHaveURL(/\/batch\/\d+$/);
  await expect(page.getByText("6 of 9 rows have validation errors.")).toBeVisible();

  // Fix a cell: the grid is one Tab stop, its first cell; the arrows go to
  // row 2's postal code, whose tooltip (open on focus) names the problem; F2
  // edits it, Enter saves it and gives focus back to the cell, which keeps it
  // when the saved row comes back valid.
  const grid = page.getByRole("grid", { name: "Shipments of the file" });
  await tabTo(page, grid.locator('[role="gridcell"][tabindex="0"]'));
  await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);
  const focusedCell = grid.locator('[role="gridcell"]:focus');
  await expect(focusedCell).toHaveText("Erika Mustermann");
  await page.keyboard.press("ArrowDown");
  await expect(focusedCell).toHaveText("Max Mustermann");
  for (let i = 0; i < 10 && (await focusedCell.textContent()) !== "1011"; i++) {
    await page.keyboard.press("ArrowRight");
    expect(await focusVisible(page)).toBeNull();
  }
  await expect(focusedCell).toHaveText("1011");
  await expect(focusedCell).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("tooltip")).toContainText("postal code");
  await page.keyboard.press("F2");
  const postalCode = grid.getByRole("textbox", { name: "Postal code of row 2" });
  await expect(postalCode).toBeFocused();
  await expect(postalCode).toHaveValue("1011");
  await page.keyboard.press("End");
  await page.keyboard.type("7");
  await page.keyboard.press("Enter");
  await expect(page.getByText("5 of 9 rows have validation errors.")).toBeVisible();
  const fixed = grid.getByRole("gridcell", { name: "10117", exact: true });
  await expect(fixed).not.toHaveAttribute("aria-invalid");
  await expect(fixed).toBeFocused();
  expect(await focusVisible(page)).toBeNull();
  await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);
  // One Tab leaves the grid, one Shift+Tab comes back to the same cell.
  await page.keyboard.press("Tab");
  expect(await grid.evaluate((element) => element.contains(document.activeElement))).toBe(false);
  await page.keyboard.press("Shift+Tab");
  await expect(fixed).toBeFocused();

  // Send with PDF labels: the label type (above the grid) is a select opened with the keyboard.
  const labelType = page.getByRole("combobox", { name: "Label type" });
  await tabTo(page, labelType, { back: true });
  await page.keyboard.press("Enter");
  const pdf = page.getByRole("option", { name: "PDF", exact: true });
  await expect(page.getByRole("listbox")).toBeVisible();
  for (let i = 0; i < 10 && !(await pdf.evaluate((element) => element === document.activeElement)); i++) {
    await page.keyboard.press("ArrowDown");
  }
  await expect(pdf).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(labelType).toHaveText(/PDF/);
  await expect(labelType).toBeFocused();

  const sendButton = page.getByRole("button", { name: "Send", exact: true });
  await tabTo(page, sendButton);
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("alertdialog", { name: "Send the batch?" });
  await expect(confirm).toBeVisible();
  // Focus stays inside the dialog however often Tab is pressed.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    expect(await confirm.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    expect(await focusVisible(page)).toBeNull();
  }
  // Escape closes it and focus returns to Send; the second time Enter sends.
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(sendButton).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm.getByRole("button", { name: "Send anyway" }));
  await page.keyboard.press("Enter");
  await expect(page.locator('[aria-current="step"]')).toHaveText(/Sent/, jobTimeout);

  // The manifest.
  const generate = page.getByRole("button", { name: "Generate manifest" });
  await tabTo(page, generate, { back: true, max: 200 });
  await page.keyboard.press("Enter");
  await expect(page.getByRole("img", { name: "Manifest created" })).toBeVisible(jobTimeout);

  // The merged labels.
  const labels = page.getByRole("button", { name: "Labels (PDF)" });
  await expect(labels).toBeEnabled();
  await tabTo(page, labels, { back: true, max: 200 });
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
});
