import { expect, test } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { navItems } from "../components/layout/nav-items";
import { e2eNavigator } from "./global-setup";
import { authFile } from "./session";

test("an admin signs in, moves through every area and signs out", async ({ page }) => {
  await page.goto("/review");
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email").fill(e2eNavigator.email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Wrong email or password" })).toBeVisible();

  await page.getByLabel("Password").fill(e2eNavigator.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/review$/);
  await expect(page.getByRole("heading", { level: 1, name: "Review queue" })).toBeVisible();

  const nav = page.getByRole("navigation", { name: "Main" });
  for (const item of navItems) {
    await nav.getByRole("link", { name: item.label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${item.href}$`));
    await expect(nav.getByRole("link", { name: item.label, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/traces");
  await expect(page).toHaveURL(/\/login\?next=%2Ftraces$/);
});

test.describe("as a viewer", () => {
  test.use({ storageState: authFile("viewer") });

  test("reads the app, sees only its own account in /settings, and is refused admin actions", async ({ page }) => {
    await page.goto("/jobs");
    await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();

    const response = await page.goto("/settings");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("region", { name: "Your account" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Members" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "API keys" })).toHaveCount(0);

    const retry = await page.request.post("/api/jobs/any-job/retry", { headers: { origin: baseURL } });
    expect(retry.status()).toBe(403);
    expect((await retry.json()).error.code).toBe("forbidden");
  });
});

test.describe("as an admin", () => {
  test.use({ storageState: authFile("admin") });

  test("creates an API key that is shown once and works against /api/v1, then revokes it", async ({ page }) => {
    await page.goto("/settings");
    await page.getByLabel("Key name").fill("e2e-key");
    await page.getByRole("button", { name: "Create API key" }).click();
    const key = (await page.getByTestId("new-api-key").textContent())!.trim();
    expect(key).toMatch(/^gh_/);

    const me = await page.request.get("/api/v1/me", { headers: { authorization: `Bearer ${key}` } });
    expect(me.status()).toBe(200);
    expect((await me.json()).project.slug).toBe("default");

    await page.reload();
    await expect(page.getByText(key)).toHaveCount(0);
    await page.getByRole("button", { name: "Revoke e2e-key" }).first().click();
    await expect(page.getByRole("row", { name: /e2e-key/ }).first()).toContainText("revoked");
    const refused = await page.request.get("/api/v1/me", { headers: { authorization: `Bearer ${key}` } });
    expect(refused.status()).toBe(401);
  });
});
