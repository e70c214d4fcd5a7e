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
