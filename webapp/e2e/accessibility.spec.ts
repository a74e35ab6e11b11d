import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { decideAccess, Role } from "../src/auth/access";
import { signIn } from "./demoLogin";
import { mixedCsv, uploadBatch } from "./shipBatch";

/**
 * axe-core on every route of the webapp (src/routes/router.tsx), for every
 * demo login the route table (src/auth/access.ts) lets in, and signed out for
 * the public routes, in English and German (issue 16): no serious or critical
 * violation. One page per route and role: the list or form a route opens
 * with, not each of its states.
 */

/** The public routes, scanned once per language, signed out. */
const publicPaths = [
  "/",
  "/login",
  "/account/register",
  "/account/activate",
  "/account/reset/request",
  "/account/reset/finish",
  "/legal/imprint",
  "/legal/notice",
  "/legal/privacy",
  "/legal/terms",
  "/legal/fraud-protection",
  "/no-such-page",
];

/** The routes behind sign-in; each login visits those the route table allows it. */
const privatePaths = [
  "/",
  "/account/settings",
  "/account/password",
  "/account/printer",
  "/account/docs",
  "/admin/user-management",
  "/admin/metrics",
  "/admin/health",
  "/admin/configuration",
  "/admin/audits",
  "/admin/logs",
  "/admin/database",
  "/admin/docs",
  "/dashboard",
  "/report",
  "/customs-docs",
  "/tracking",
  "/newsletter-subscribe",
  "/user-data",
  "/tenant",
  "/fulfillment",
  "/product-codes-doc",
  "/csv-template-doc",
  "/acss",
  "/news",
  "/invoice-report",
  "/routing-options",
  "/batch",
  "/batch/new",
  "/shipment",
  "/parcel",
  "/parcel/new",
  "/customer",
  "/address-book",
  "/address-book/new",
];

/** The demo logins of bin/seed (app/demo/data.go) and their roles. */
const logins: Record<string, Role[]> = {
  user: [Role.user],
  admin: [Role.admin],
  superadmin: [Role.superAdmin, Role.admin],
  operations: [Role.operations],
  fulfillment: [Role.user],
  service: [Role.customerService],
  api: [Role.api, Role.user],
  tracking: [Role.tracking],
};

const languages = [
  { locale: "en-GB", lang: "en" },
  { locale: "de-DE", lang: "de" },
] as const;

type Finding = { path: string; rule: string; impact: string; targets: string[] };

/** Waits until the page has painted its content (no spinner left), then runs axe on it. */
async function scan(page: Page, path: string, lang: string): Promise<Finding[]> {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  // The page's content, or a dialog (the sign-in page is one, outside main).
  await expect(page.locator("main > *, [role=dialog]").first(), path).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("status", { name: /^(Loading|Wird geladen)/ }), path).toHaveCount(0, { timeout: 10_000 });
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      path,
      rule: violation.id,
      impact: violation.impact!,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}

/**
 * With AXE_ALL=1, every login scans every page it reaches in both languages
 * (about 400 scans, some 10 minutes: run it against `make run`'s portal, see
 * the README). Without it, as `make test` runs it: each page once per
 * language by the first login that reaches it (most of a page is the same
 * for the others), and every login its own start page and account settings,
 * where the header shows what its roles see. German covers the start pages;
 * English every page.
 */
const everyLoginEveryPage = !!process.env.AXE_ALL;

function plan(lang: string): [login: string, paths: string[]][] {
  const scanned = new Set<string>();
  return Object.entries(logins).map(([login, authorities]) => {
    const reachable = privatePaths.filter((path) => decideAccess(path, { authorities }) === "allow");
    const own = ["/", "/account/settings"];
    const paths = everyLoginEveryPage
      ? reachable
      : lang === "en"
        ? reachable.filter((path) => own.includes(path) || !scanned.has(path))
        : own;
    paths.forEach((path) => scanned.add(path));
    return [login, paths];
  });
}

for (const { locale, lang } of languages) {
  test.describe(`axe in ${lang}`, () => {
    test.use({ locale });

    test("the public pages, signed out", async ({ page }) => {
      test.setTimeout(120_000);
      const findings: Finding[] = [];
      for (const path of publicPaths) findings.push(...(await scan(page, path, lang)));
      expect(findings).toEqual([]);
    });

    for (const [login, paths] of plan(lang)) {
      test(`the pages ${login} reaches`, async ({ page }) => {
        // A ceiling: alone a login's pages take under a minute; beside the
        // unit tests on 2 cores (make test) axe's scans may take several.
        test.setTimeout(everyLoginEveryPage ? 600_000 : 360_000);
        await page.goto("/");
        // The demo logins sign in with the English dialog's labels.
        await page.evaluate(() => sessionStorage.setItem("portal.locale", "en"));
        await signIn(page, login);
        await page.evaluate((lang) => sessionStorage.setItem("portal.locale", lang), lang);
        const findings: Finding[] = [];
        for (const path of paths) findings.push(...(await scan(page, path, lang)));
        if (login === "user") {
          // A batch page with its grid and red cells, which no route above opens.
          findings.push(...(await scan(page, await uploadBatch(page, mixedCsv), lang)));
        }
        expect(findings).toEqual([]);
      });
    }
  });
}
