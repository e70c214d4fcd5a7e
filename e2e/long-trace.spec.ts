import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { authFile, workInProject } from "./session";

// Every page opens in the spec's own project, which its seed makes (e2e/spec-project.ts).
workInProject("long-trace");

// No DOM snapshots in this spec's trace (the action log and screencast stay): each action's snapshot
// of a page of 5,000 steps (about 52,000 elements) took seconds, and the whole test 1.5 minutes in CI
// where it now takes 10 s.
test.use({ storageState: authFile("reviewer"), viewport: { width: 1280, height: 800 }, trace: { mode: "retain-on-failure", snapshots: false } });

const tag = `lt${Date.now().toString(36)}`;
const env = { ...process.env, DATABASE_URL: "file:./data/e2e/goodhart.db", GOODHART_DATA_DIR: "./data/e2e" };
let apiKey: string;

test.beforeAll(() => {
  apiKey = JSON.parse(execFileSync(process.execPath, ["--import", "tsx", "e2e/seed-python-client.ts", "long-trace"], { env, encoding: "utf8" }).trim().split("\n").at(-1)!).key;
});

test("a 5,000-step trace page scrolls as one, has its first steps in the first HTML, and finds a value in a tool result", async ({ page, request }) => {
  // Importing 5,000 steps and rendering them takes a while on a busy 2-core machine.
  test.setTimeout(180_000);
  const externalId = `${tag}-long`;
  const ticket = `T-${tag}-refund-ticket`;
  const steps = Array.from({ length: 5000 }, (_, i) => {
    if (i % 3 === 0) return { role: "user", content: `Question ${i}: ${"please check the order again. ".repeat(i % 7)}` };
    if (i % 3 === 1) return { type: "tool_call", role: "assistant", name: "lookup_order", arguments: { order: i, fields: ["status", "refund"] }, result: { status: "shipped", note: "x".repeat((i * 37) % 400), ...(i === 3997 ? { ticket } : {}) }, tokensIn: 10, tokensOut: 2, latencyMs: 1 };
    return { role: "assistant", content: `Answer ${i}.\n${"The order is on its way. ".repeat(i % 11)}`, tokensIn: 20, tokensOut: 5 };
  });
  const imported = await request.post("/api/v1/traces", { headers: { Authorization: `Bearer ${apiKey}` }, data: { traces: [{ externalId, environment: `long-${tag}`, input: "a long conversation", steps }] } });
  expect(await imported.json()).toEqual({ accepted: 1, updated: 0, pending: 0, duplicates: 0, rejected: [], traceIds: [expect.any(String)] });

  await page.goto(`/traces?environment=long-${tag}`);
  await page.getByRole("link", { name: externalId }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(externalId);
  const outcome = page.getByRole("region", { name: "Outcome" });
  // 3,333 steps carry tokens: 1,667 tool calls (10 in, 2 out) and 1,666 replies (20 in, 5 out).
  await expect(outcome).toContainText("Tokens49,990 in · 11,664 out");
  await expect(outcome).toContainText("Latency1.7 s over 1,667 steps");

  // The first steps are in the HTML of the first response, not fetched after it.
  const html = await (await page.request.get(page.url())).text();
  expect(html).toContain('aria-label="Step 0"');
  expect(html).toContain("Question 0: ");
  expect(html).toContain("lookup_order");

  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByRole("article", { name: "Step 1", exact: true }).getByRole("region", { name: "Result" })).toContainText('"status": "shipped"');
  // The remaining steps load after the page and are appended 100 per frame (all 5,000 in about 3 s,
  // no frame over 100 ms). From here on the steps are found by their ids: a role query checks each
  // candidate's visibility, and over 5,000 cards that skip rendering off screen (content-visibility)
  // this test's role queries took Playwright about 45 s.
  await expect(page.locator("#step-4999 article")).toHaveCount(1, { timeout: 60_000 });
  // One scroll container: the page. No element scrolls on its own.
  const innerScrollers = await page.evaluate(() =>
    [...document.querySelectorAll("body *")].filter((el) => {
      const { overflowY } = getComputedStyle(el);
      return (overflowY === "auto" || overflowY === "scroll") && el.scrollHeight > el.clientHeight + 1;
    }).length,
  );
  expect(innerScrollers).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);

  const find = page.getByRole("search", { name: "Find in trace" });
  await find.getByRole("searchbox").fill(ticket);
  await find.getByRole("button", { name: "Find" }).click();
  await expect(find).toContainText("match 1 of 1 · step 3,997");
  const found = page.locator("#step-3997");
  await expect(found).toHaveAttribute("aria-current", "true");
  const card = found.getByRole("article", { name: "Step 3997", exact: true });
  await expect(card.getByRole("region", { name: "Result" })).toContainText(ticket);
  await expect(card).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
});
