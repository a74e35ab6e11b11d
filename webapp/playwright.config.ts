import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests against a running portal (E2E_BASE_URL), in Debian's
 * Chromium: these machines never download a browser. The flags are the ones
 * Chromium needs to run headless as root without a desktop session.
 */
export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: true,
  // make test runs 2 (E2E_WORKERS): the specs mostly wait on pages and the portal.
  workers: Number(process.env.E2E_WORKERS) || undefined,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // make test runs the browser lane beside the unit tests on 2 cores: a page
  // that answers in 1 s alone may take several then. The waits are ceilings,
  // not delays: a passing step still goes on the moment it holds.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? "http://127.0.0.1:8080",
    // The trace of a failed test keeps its DOM snapshots, network and console, but no
    // screencast: recording frames of every page of every test cost Chromium CPU that
    // the browser lane shares with the unit tests.
    trace: { mode: "retain-on-failure", screenshots: false },
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        },
      },
    },
  ],
});
