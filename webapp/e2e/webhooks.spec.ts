import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { signIn } from "./demoLogin";

/**
 * Webhooks end to end (issue 27): the bakery's demo user adds an endpoint
 * on a receiver this test runs on 127.0.0.3 (the portal runs with
 * WEBHOOK_NETWORKS=127.0.0.3/32), sees the signing secret once, sends a
 * test event, and sees it delivered in the endpoint's delivery log; the
 * receiver checks the Standard Webhooks signature with the secret shown.
 */

test.use({ locale: "en-GB" });

type Received = { headers: IncomingHttpHeaders; body: string };

function verify(secret: string, r: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const signed = `${String(r.headers["webhook-id"])}.${String(r.headers["webhook-timestamp"])}.${r.body}`;
  const want = Buffer.from("v1," + createHmac("sha256", key).update(signed).digest("base64"));
  return String(r.headers["webhook-signature"] ?? "")
    .split(" ")
    .some((sig) => sig.length === want.length && timingSafeEqual(Buffer.from(sig), want));
}

let server: Server;
const received: Received[] = [];

test.beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.3", resolve));
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test("add an endpoint, see the secret once, send a test event, see it delivered", async ({ page }) => {
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.3:${port}/hook-${Date.now().toString(36)}`;

  await signIn(page, "user");
  await page.goto("/webhooks");
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();

  await page.getByLabel("Endpoint URL").fill(url);
  await page.getByLabel("Batch sent").check();
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const secretShown = page.getByTestId("webhook-secret");
  await expect(secretShown).toHaveText(/^whsec_[A-Za-z0-9+/=]{40,}$/);
  const secret = (await secretShown.textContent()) ?? "";

  // Shown once: a fresh view of the page lists the endpoint without it.
  await page.reload();
  const row = page.getByRole("row").filter({ hasText: url });
  await expect(row).toBeVisible();
  await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);

  await row.getByRole("button", { name: "Send test event" }).click();
  const log = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Next try" }) });
  await expect(log.getByRole("row").filter({ hasText: "Test event" }).filter({ hasText: "Delivered" })).toBeVisible({
    timeout: 30_000,
  });

  const mine = received.filter((r) => r.body.includes('"type":"webhook.test"'));
  expect(mine).toHaveLength(1);
  expect(verify(secret, mine[0])).toBe(true);
  expect(String(mine[0].headers["webhook-id"])).toMatch(/^evt_/);
});
