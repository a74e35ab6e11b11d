import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./demoLogin";
import { jobTimeout, sendBatch } from "./shipBatch";
import { createWithLabel } from "./shipParcel";

/**
 * Issue 25: at 1366 x 900, the most common office width, every list keeps
 * each row's identifier and its actions in view without scrolling, in
 * English and in German (the longest labels). DataTable pins the row header
 * (with the columns before it) to the left and the actions to the right; this
 * walks the lists that have rows and asks the browser, for each row, whether
 * the row header, every control of the actions column and of the page's
 * further identifier columns lie inside the window and inside every box that
 * clips them, and are what the browser hits at their middle (nothing pinned
 * over them). Only vertical scrolling brings a row into view. The browser itself speaks US English, as an office PC may: the
 * report's date fields still show the page's DD.MM.YYYY.
 */

test.use({ viewport: { width: 1366, height: 900 }, locale: "en-US" });

/** The hidden header of DataTable's actions column, per language. */
const actionsHeader = { en: "Actions", de: "Aktionen" } as const;
type Lang = keyof typeof actionsHeader;

type ListPage = {
  path: string;
  /** The list must show rows (the spec made them, or bin/seed has them); else it is checked when it has any. */
  rows: boolean;
  /** Further columns that identify the row, by header per language. */
  identifiers?: Record<Lang, string>[];
  /** Opens the list within the page (a tab). */
  open?: (page: Page, lang: Lang) => Promise<void>;
};

/** The bakery user's shipping lists; the batch's shipments tab is added once the batch is known. */
const userLists: ListPage[] = [
  { path: "/parcel", rows: true },
  { path: "/report", rows: true, identifiers: [{ en: "Tracking number", de: "Sendungsnummer" }] },
  { path: "/batch", rows: true },
  { path: "/shipment", rows: false },
  { path: "/address-book", rows: true },
  { path: "/customs-docs", rows: false },
];

/** The admin's lists. */
const adminLists: ListPage[] = [
  { path: "/admin/user-management", rows: true },
  { path: "/customer", rows: true },
  { path: "/tenant", rows: true },
  { path: "/fulfillment", rows: true },
  { path: "/user-data", rows: false },
  { path: "/product-codes-doc", rows: false },
  { path: "/csv-template-doc", rows: false },
  { path: "/acss", rows: false },
  { path: "/news", rows: false },
  { path: "/routing-options", rows: false },
  { path: "/admin/audits", rows: false },
];

type Miss = { row: number; what: string; why: string };

/**
 * For each body row of the main's tables: whether its row header, the
 * controls of its actions column and of the named identifier columns can be
 * seen and hit without scrolling sideways. The window only scrolls up and
 * down to bring a row to the middle.
 */
async function missesOf(page: Page, actions: string, identifiers: string[]): Promise<{ rows: number; misses: Miss[] }> {
  return page.evaluate(
    ({ actions, identifiers }) => {
      const misses: Miss[] = [];
      let rows = 0;
      const clipOf = (element: Element) => {
        let left = 0;
        let right = window.innerWidth;
        for (let box = element.parentElement; box; box = box.parentElement) {
          if (getComputedStyle(box).overflowX === "visible") continue;
          const rect = box.getBoundingClientRect();
          left = Math.max(left, rect.left);
          right = Math.min(right, rect.right);
        }
        return { left, right };
      };
      const check = (row: number, what: string, element: Element) => {
        // Up and down only: a list of a fixed height (the customs documents') scrolls its rows, then the window.
        for (let box = element.parentElement; box; box = box.parentElement) {
          if (!["auto", "scroll"].includes(getComputedStyle(box).overflowY)) continue;
          if (box.scrollHeight <= box.clientHeight) continue;
          const inner = element.getBoundingClientRect();
          const outer = box.getBoundingClientRect();
          box.scrollTop += inner.top + inner.height / 2 - (outer.top + outer.height / 2);
        }
        const before = element.getBoundingClientRect();
        window.scrollTo(0, window.scrollY + before.top + before.height / 2 - window.innerHeight / 2);
        const rect = element.getBoundingClientRect();
        const clip = clipOf(element);
        if (rect.width === 0 || rect.height === 0) return misses.push({ row, what, why: "not shown" });
        if (rect.left < clip.left - 1 || rect.right > clip.right + 1) {
          return misses.push({
            row,
            what,
            why: `${Math.round(rect.left)}..${Math.round(rect.right)} outside ${Math.round(clip.left)}..${Math.round(clip.right)}`,
          });
        }
        const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
        if (!hit || !(element === hit || element.contains(hit))) {
          misses.push({ row, what, why: `covered by ${hit?.outerHTML.slice(0, 80) ?? "nothing"}` });
        }
      };
      for (const table of Array.from(document.querySelectorAll("main table"))) {
        const headers = Array.from(table.querySelectorAll("thead tr:first-child > th")).map((th) =>
          th.textContent?.trim(),
        );
        const columns = [headers.indexOf(actions), ...identifiers.map((name) => headers.indexOf(name))].filter(
          (index) => index >= 0,
        );
        const bodyRows = Array.from(table.querySelectorAll("tbody > tr"));
        bodyRows.forEach((tr, index) => {
          rows += 1;
          const header = tr.querySelector(":scope > th");
          if (header) check(index, `row header "${header.textContent?.trim()}"`, header);
          for (const column of columns) {
            const cell = tr.children[column];
            for (const control of Array.from(cell?.querySelectorAll("a, button") ?? [])) {
              const name = control.getAttribute("aria-label") ?? control.textContent?.trim() ?? "";
              check(index, `"${name}" (${headers[column] || "actions"})`, control);
            }
          }
        });
      }
      return { rows, misses };
    },
    { actions, identifiers },
  );
}

async function checkLists(page: Page, lang: Lang, lists: ListPage[]) {
  for (const list of lists) {
    await page.goto(list.path);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.locator("main h1").first(), list.path).toBeVisible({ timeout: 15_000 });
    await list.open?.(page, lang);
    if (list.rows) await expect(page.locator("main table tbody tr").first(), list.path).toBeVisible(jobTimeout);
    await expect(page.getByRole("status", { name: /^(Loading|Wird geladen)/ }), list.path).toHaveCount(0, {
      timeout: 10_000,
    });
    // No sideways scrolling of the page itself.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), list.path).toBeLessThanOrEqual(1366);
    const { rows, misses } = await missesOf(
      page,
      actionsHeader[lang],
      (list.identifiers ?? []).map((names) => names[lang]),
    );
    if (list.rows) expect(rows, list.path).toBeGreaterThan(0);
    expect(misses, `${list.path} in ${lang}`).toEqual([]);
    // Pinned cells paint their own background: axe finds nothing serious on the list (contrast included).
    const axe = await new AxeBuilder({ page })
      .include("main")
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    const serious = axe.violations.filter(
      (violation) => violation.impact === "serious" || violation.impact === "critical",
    );
    expect(
      serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`),
      `axe on ${list.path} in ${lang}`,
    ).toEqual([]);
  }
}

/** Signs in with the English dialog, then switches the page to the language. */
async function signInAs(page: Page, login: string, lang: Lang) {
  await page.goto("/");
  await page.evaluate(() => sessionStorage.setItem("portal.locale", "en"));
  await signIn(page, login);
  await page.evaluate((lang) => sessionStorage.setItem("portal.locale", lang), lang);
}

const stamp = Date.now().toString(36);
let batchPath = "";

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await browser.newPage({ locale: "en-GB" });
  await signIn(page, "user");
  // A parcel for the parcel list and the report, a sent batch for the batch list and its shipments.
  await createWithLabel(page, "Friederike Langname-Beispielhausen", `WIDTH-${stamp}`);
  await sendBatch(page);
  batchPath = new URL(page.url()).pathname;
  // An address book entry.
  await page.goto("/address-book/import");
  const csv =
    "recipientNumber;name;street;no;postalcode;city;isoCountry;email\r\n" +
    `W-${stamp};Wilhelmine ${stamp};Zeil;1;60313;Frankfurt am Main;DE;wilhelmine@example.de\r\n`;
  await page.getByLabel("CSV file").setInputFiles({
    name: "address-book.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("\uFEFF" + csv, "utf8"),
  });
  await expect(page.getByText(/^1 entries imported/)).toBeVisible();
  await page.close();
});

for (const lang of ["de", "en"] as const) {
  test.describe(`at 1366 x 900 in ${lang}`, () => {
    test("the shipping lists keep each row's identifier and actions in view", async ({ page }) => {
      test.setTimeout(180_000);
      await signInAs(page, "user", lang);
      const shipments: ListPage = {
        path: batchPath,
        rows: true,
        open: async (page, lang) => {
          await page.getByRole("tab", { name: lang === "de" ? "Sendungen" : "Shipments" }).click();
        },
      };
      await checkLists(page, lang, [...userLists, shipments]);

      // The report's date fields show the page's format, not the browser's mm/dd/yyyy.
      await page.goto("/report");
      const from = page.getByRole("textbox", { name: lang === "de" ? "Von" : "From" });
      await expect(from).toHaveValue(/^\d{2}\.\d{2}\.\d{4}$/, { timeout: 30_000 });
      await expect(from).toHaveAttribute("placeholder", lang === "de" ? "TT.MM.JJJJ" : "DD.MM.YYYY");
      if (lang === "de") {
        await page.goto("/parcel");
        await expect(page.locator("main table tbody tr").first()).toBeVisible();
        await page.screenshot({ path: test.info().outputPath("parcel-list-de-1366.png") });
        await page.goto("/report");
        // The report's chunk and search may take a while on a busy machine.
        await expect(page.locator("main table tbody tr").first()).toBeVisible({ timeout: 30_000 });
        await page.screenshot({ path: test.info().outputPath("report-de-1366.png") });
      }
    });

    test("the admin's lists keep each row's identifier and actions in view", async ({ page }) => {
      test.setTimeout(180_000);
      await signInAs(page, "admin", lang);
      await checkLists(page, lang, adminLists);
    });
  });
}
