import { expect, test } from "@playwright/test";
import { signIn } from "./demoLogin";

// The in-portal API reference sends a call with the signed-in login's session (issue 24): the API login reads its
// own account through the REST facade, and a call it may not make is refused as any client's would be.
test("the API login sends GET /web/api/account from the reference and reads its answer", async ({ page }) => {
  await signIn(page, "api");
  await page.goto("/account/docs");
  const account = page.locator("details", { has: page.getByText("/web/api/account", { exact: true }) }).filter({
    hasText: "GetAccount",
  });
  // The reference is a chunk of its own that reads the whole OpenAPI document: slow on a busy machine.
  await account.locator("summary").click({ timeout: 20_000 });
  await expect(account.getByRole("rowheader", { name: "login" }).first()).toBeVisible();
  const form = account.getByRole("form", { name: "Try GET /web/api/account" });
  await form.getByRole("button", { name: "Send" }).click();
  const answer = form.getByRole("region", { name: "Answer" });
  await expect(answer).toContainText('"login": "api"');
  await expect(form.locator(".api-answer")).toContainText("200");

  const users = page.locator("details", { has: page.getByText("/web/api/users", { exact: true }) }).filter({
    hasText: "ListUsers",
  });
  await users.locator("summary").click();
  await users.getByRole("form", { name: "Try GET /web/api/users" }).getByRole("button", { name: "Send" }).click();
  await expect(users.locator(".api-answer")).toContainText("403");
  await expect(users.getByRole("region", { name: "Answer" })).toContainText("error.forbidden");
});
