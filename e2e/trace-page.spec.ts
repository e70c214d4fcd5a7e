import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { authFile, workInProject } from "./session";

// Every page opens in the spec's own project, which its seed makes (e2e/spec-project.ts).
workInProject("trace-page");

test.use({ storageState: authFile("reviewer"), viewport: { width: 1280, height: 800 } });

const tag = `tp${Date.now().toString(36)}`;
const env = { ...process.env, DATABASE_URL: "file:./data/e2e/goodhart.db", GOODHART_DATA_DIR: "./data/e2e" };
let apiKey: string;
let environment: string;

test.beforeAll(() => {
  // An API key and the lab's rubric (an environment with an approved version), as the Python client's tests use.
  const seeded = JSON.parse(execFileSync(process.execPath, ["--import", "tsx", "e2e/seed-python-client.ts", "trace-page"], { env, encoding: "utf8" }).trim().split("\n").at(-1)!);
  apiKey = seeded.key;
  environment = seeded.environment;
});

const bearer = () => ({ Authorization: `Bearer ${apiKey}` });

async function hasNoHorizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

test("a rollout scored through the reward API shows its reward and run name in /traces, and its page shows the reply and the verdicts in the first screen", async ({ page, request }) => {
  const runName = `trace-page-run-${tag}`;
  const run = await request.post("/api/v1/runs", { headers: bearer(), data: { name: runName, environment } });
  expect(run.status()).toBe(201);
  const { id: runId } = await run.json();
  const completion = `Thank you for waiting. Your refund has been issued for order ${tag}.\nIt will reach your card within five working days.\nIs there anything else I can help with?`;
  // The trainer names its run by id, as OpenRLHF's and verl's loggers do.
  const scored = await request.post("/api/v1/reward", { headers: bearer(), data: { environment, run: runId, step: 1, rollouts: [{ prompt: `Where is my refund? (${tag})`, completion }] } });
  expect(scored.status()).toBe(200);
  const answer = await scored.json();
  expect(answer.errors).toEqual([]);
  const reward: number = answer.rewards[0];
  const traceId: string = answer.traceIds[0];
  expect(typeof reward).toBe("number");
  execFileSync(process.execPath, ["--import", "tsx", "e2e/seed-trace-page.ts", traceId, tag], { env, stdio: "pipe" });

  await page.goto(`/traces?run=${runId}`);
  const table = page.getByRole("table", { name: "Traces" });
  const row = table.getByRole("row").filter({ hasText: runName });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").nth(1)).toHaveText(reward.toFixed(3));
  await expect(row).toContainText(`fail 0.15 e2e-trace-judge-${tag}`);
  await expect(row.getByRole("cell").nth(3)).toHaveText("1");
  await expect(row.getByRole("cell").nth(4)).toHaveText(runName);
  await expect(row).not.toContainText(runId);
  expect(await hasNoHorizontalOverflow(page)).toBe(true);

  await row.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Trace rollout:");
  const reply = page.getByRole("region", { name: "Final reply" });
  await expect(reply).toContainText(`Your refund has been issued for order ${tag}.`);
  await expect(reply).toBeInViewport({ ratio: 1 });
  const verdict = page.getByRole("listitem", { name: `Verdict of e2e-trace-judge-${tag}` });
  await expect(verdict).toContainText(`The reply claims a refund that no tool call issued (${tag}).`);
  await expect(verdict).toBeInViewport({ ratio: 1 });
  const outcome = page.getByRole("region", { name: "Outcome" });
  await expect(outcome).toContainText(`Reward${reward.toFixed(3)}`);
  await expect(outcome.getByRole("link", { name: runName })).toBeVisible();
  await expect(page.getByRole("region", { name: "Rubric results" })).toContainText("Does the reply confirm to the customer that their refund was issued?");
  await expect(page.getByRole("region", { name: "Edge cases" })).toContainText(`High reward, failing verdict (${tag})`);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
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
  const imported = await request.post("/api/v1/traces", { headers: bearer(), data: { traces: [{ externalId, environment: `long-${tag}`, input: "a long conversation", steps }] } });
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
  // The remaining steps load after the page and are appended 100 per frame. Counted in the DOM: a
  // card far below the screen skips rendering (content-visibility), so role queries treat it as hidden.
  await expect(timeline.locator("#step-4999 article")).toHaveCount(1, { timeout: 60_000 });
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
  const found = timeline.getByRole("article", { name: "Step 3997", exact: true });
  await expect(found.getByRole("region", { name: "Result" })).toContainText(ticket);
  await expect(found).toBeInViewport();
  await expect(page.locator("#step-3997")).toHaveAttribute("aria-current", "true");
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
});
