import { expect, test, type Page } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { authFile } from "./session";

test.use({ storageState: authFile("admin") });

/** Every CSP violation the browser reports while the page lives, from the console and the DOM event. */
async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

test("pages carry a nonce CSP and still hydrate, with no violation reported", async ({ page }) => {
  const violations = await watchCspViolations(page);
  const response = await page.goto("/review");
  const headers = response!.headers();
  const policy = headers["content-security-policy"]!;
  expect(policy).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(policy).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("same-origin");
  const nonce = /'nonce-([^']+)'/.exec(policy)![1];
  expect(await page.locator(`script[nonce]`).count()).toBeGreaterThan(0);
  expect(await page.locator("script:not([nonce])").count()).toBe(0);
  expect(nonce).not.toBe(/'nonce-([^']+)'/.exec((await page.request.get("/review")).headers()["content-security-policy"]!)![1]);

  // Client-side code runs: the jobs page polls /api/jobs from the browser, and the nav routes without a reload.
  const polled = page.waitForRequest((request) => request.url().endsWith("/api/jobs"));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Jobs", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
  await polled;
  await page.goto("/traces");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto("/runs");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});

test("API answers carry nosniff and a CSP that renders nothing", async ({ page }) => {
  const response = await page.request.get("/api/health");
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
});

test("another origin is refused on server actions and session JSON routes, not answered 500", async ({ page }) => {
  const action = await page.request.post("/settings", { headers: { origin: "http://127.0.0.1:9", "next-action": "00".repeat(21), "content-type": "text/plain;charset=UTF-8" }, data: "[]" });
  expect(action.status()).toBe(403);
  const forged = await page.request.post("/api/edge-cases/decisions", { headers: { origin: "http://localhost:9", "content-type": "text/plain" }, data: '{"ids": [], "decision": "false_alarm"}' });
  expect(forged.status()).toBe(403);
  expect((await forged.json()).error.code).toBe("forbidden");
  const plain = await page.request.post("/api/edge-cases/decisions", { headers: { origin: baseURL, "content-type": "text/plain" }, data: '{"ids": [], "decision": "false_alarm"}' });
  expect(plain.status()).toBe(415);
});
