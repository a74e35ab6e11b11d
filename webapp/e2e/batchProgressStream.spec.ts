import { readFileSync, writeFileSync } from "node:fs";
import { expect, type Page, type Request, test, type TestInfo } from "@playwright/test";
import { signIn } from "./demoLogin";
import { jobTimeout, validCsv } from "./shipBatch";

/**
 * Live batch progress (issue 27): a 200-row send is counted up on the batch
 * page through the WatchBatches stream, and the page reads the batch no
 * other way meanwhile; with streams turned off in the browser the same page
 * polls GetBatch and still settles.
 */

test.use({ locale: "en-GB" });

const rows = 200;

/** A CSV of 200 valid rows: valid.csv's first row with its own reference each. */
function csvOf200(testInfo: TestInfo): string {
  const [header, first] = readFileSync(validCsv, "utf8").split(/\r?\n/);
  const lines = [header];
  for (let n = 1; n <= rows; n++) lines.push(first.replace("VAL-001", `LIVE-${String(n).padStart(3, "0")}`));
  const path = testInfo.outputPath("live-200.csv");
  writeFileSync(path, lines.join("\r\n") + "\r\n");
  return path;
}

const isGetBatch = (request: Request) =>
  request.url().endsWith("/portal.v1.BatchService/GetBatch") ||
  (request.method() === "GET" && /\/web\/api\/batches\/\d+$/.test(new URL(request.url()).pathname));
const isWatch = (request: Request) => request.url().endsWith("/portal.v1.BatchService/WatchBatches");

/** Uploads the CSV and answers the batch page's path. */
async function upload(page: Page, csv: string) {
  await page.goto("/batch/new");
  await page.getByLabel("CSV or Excel file").setInputFiles(csv);
  await expect(page).toHaveURL(/\/batch\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "live-200.csv" })).toBeVisible();
}

/** Notes every text the progress count shows, as the page renders it. */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    const note = () => {
      const text = document.querySelector('[data-testid="batch-progress"]')?.textContent?.trim();
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

const progressSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);

async function send(page: Page) {
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const confirm = page.getByRole("alertdialog", { name: "Send the batch?" });
  if (await confirm.isVisible().catch(() => false)) await confirm.getByRole("button", { name: /Send/ }).last().click();
}

/** Sends the batch and waits until all its rows are sent, noting the batch reads and the progress streams asked for meanwhile. */
async function sendUntilSent(page: Page) {
  const polls: string[] = [];
  const watches: string[] = [];
  page.on("request", (request) => {
    if (isGetBatch(request)) polls.push(request.url());
    if (isWatch(request)) watches.push(request.url());
  });
  await send(page);
  await expect(page.locator('[aria-current="step"]')).toHaveText(/Sent/, jobTimeout);
  await expect(page.getByTestId("batch-progress")).toHaveText(`${rows} / ${rows}`);
  return { polls, watches };
}

test("a 200-row send is counted up through the stream, without polling the batch", async ({ page }, testInfo) => {
  const csv = csvOf200(testInfo);
  await signIn(page, "user");
  await upload(page, csv);
  await recordProgress(page);
  const { polls, watches } = await sendUntilSent(page);
  const seen = await progressSeen(page);
  const counts = seen.map((text) => Number(text.split("/")[0]));
  testInfo.annotations.push({ type: "progress seen", description: seen.join(", ") });
  expect(watches.length, "the page opened a progress stream").toBeGreaterThan(0);
  expect(polls, "no GetBatch while the stream held").toEqual([]);
  // Counted up: more than the start and the end, never backwards.
  expect(counts.filter((n) => n > 0 && n < rows).length, `counts seen: ${seen.join(", ")}`).toBeGreaterThan(0);
  expect(counts).toEqual([...counts].sort((a, b) => a - b));
});

test("with streams turned off the batch page polls and still settles", async ({ page }, testInfo) => {
  const csv = csvOf200(testInfo);
  await page.addInitScript(() => localStorage.setItem("portal.batchProgressStream", "off"));
  await signIn(page, "user");
  await upload(page, csv);
  const { polls, watches } = await sendUntilSent(page);
  expect(watches, "no stream when turned off").toEqual([]);
  expect(polls.length, "the page polled the batch").toBeGreaterThan(0);
});
