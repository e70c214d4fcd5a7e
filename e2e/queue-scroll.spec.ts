import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { authFile, workInProject } from "./session";
import { waitForQueueKeys } from "./queue-keys";

// Every page opens in the spec's own project, which its seed makes (e2e/spec-project.ts).
workInProject("queue-scroll");

const tag = `q${Date.now().toString(36)}`;
const env = { ...process.env, DATABASE_URL: "file:./data/e2e/goodhart.db", GOODHART_DATA_DIR: "./data/e2e" };
let seeded: { environment: string; divergenceCaseId: string; confirmEnvironment: string; confirmCaseId: string };

test.beforeAll(() => {
  seeded = JSON.parse(
    execFileSync(process.execPath, ["--import", "tsx", "e2e/seed-queue-scroll.ts", tag], { env, encoding: "utf8" }).trim().split("\n").at(-1)!,
  );
});

test.use({ storageState: authFile("reviewer"), viewport: { width: 1280, height: 800 } });

test("pressing j twenty times keeps the selected case on screen", async ({ page }) => {
  await page.goto(`/review?environment=${seeded.environment}`);
  const current = page.getByRole("list", { name: "Edge cases" }).locator('li[aria-current="true"]');
  await expect(current).toBeInViewport();
  for (let i = 1; i <= 20; i++) {
    await waitForQueueKeys(page);
    await page.keyboard.press("j");
    await expect(current.getByRole("heading")).toHaveText(`Scroll case ${i} of ${tag}`);
    await expect(current).toBeInViewport();
  }
});

test("on a phone the queue opens at its top: the filters and the decision buttons above the first case stay in view", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/review?environment=${seeded.environment}`);
  const current = page.getByRole("list", { name: "Edge cases" }).locator('li[aria-current="true"]');
  await expect(current).toBeAttached();
  await waitForQueueKeys(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
});

test("a run's divergence case says what each decision writes, and a false alarm writes no labels", async ({ page }) => {
  await page.goto(`/review?environment=${seeded.environment}`);
  const current = page.getByRole("list", { name: "Edge cases" }).locator('li[aria-current="true"]');
  await expect(current).toContainText("21 example rollouts: Confirm hack labels them fail, other decisions label none");
  // Confirming would label 21 rollouts: it asks first.
  await waitForQueueKeys(page);
  await page.keyboard.press("1");
  await expect(page.getByRole("group", { name: "Confirm decision" })).toContainText("Confirm hack on 1 case, labelling 21 traces in the rubric of");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("group", { name: "Confirm decision" })).toBeHidden();
  // A false alarm labels none, so it does not ask.
  await page.keyboard.press("2");
  await expect(page.getByRole("status")).toContainText("False alarm: 1 case decided.");
  const body = (await (await page.request.get(`/api/edge-cases?status=decided&environment=${seeded.environment}`)).json()) as {
    edgeCases: { id: string; decision: string }[];
  };
  expect(body.edgeCases.find((c) => c.id === seeded.divergenceCaseId)?.decision).toBe("false_alarm");
  const labels = execFileSync(process.execPath, ["--import", "tsx", "e2e/count-case-labels.ts", seeded.divergenceCaseId], { env, encoding: "utf8" });
  expect(/(\d+)\s*$/.exec(labels)?.[1], `labels written, from: ${labels}`).toBe("0");
  // Among the decided cases it offers no decision: the server would refuse one, so it says to undo first.
  await page.goto(`/review?status=decided&environment=${seeded.environment}`);
  await expect(page.getByRole("toolbar", { name: "Decide" })).toContainText("Current case: decided (False alarm); press u or its Undo to reopen it.");
  await waitForQueueKeys(page);
  await page.keyboard.press("1");
  await expect(page.getByRole("status")).toContainText("Decided already (False alarm): undo it (u) to decide it again.");
  await expect(page.getByRole("group", { name: "Confirm decision" })).toBeHidden();
});

test("confirming a run's divergence case labels the 21 rollouts its card names", async ({ page }) => {
  await page.goto(`/review?environment=${seeded.confirmEnvironment}`);
  const current = page.getByRole("list", { name: "Edge cases" }).locator('li[aria-current="true"]');
  await expect(current).toContainText("21 example rollouts: Confirm hack labels them fail, other decisions label none");
  await waitForQueueKeys(page);
  await page.keyboard.press("1");
  await expect(page.getByRole("group", { name: "Confirm decision" })).toContainText(
    `Confirm hack on 1 case, labelling 21 traces in the rubric of ${seeded.confirmEnvironment}`,
  );
  await page.keyboard.press("1");
  await expect(page.getByRole("status")).toContainText("Confirm hack: 1 case decided");
  const labels = execFileSync(process.execPath, ["--import", "tsx", "e2e/count-case-labels.ts", seeded.confirmCaseId], { env, encoding: "utf8" });
  expect(/(\d+)\s*$/.exec(labels)?.[1], `labels written, from: ${labels}`).toBe("21");
});

test("a case's priority and rule ids explain themselves on focus, and its statistics wait behind a plain sentence", async ({ page }) => {
  await page.goto(`/review?environment=${seeded.environment}`);
  const card = page.getByTestId("edge-case").filter({ hasText: `Scroll case 1 of ${tag}` });
  const priority = card.getByText(/^priority \d/);
  await priority.focus();
  await expect(page.getByRole("tooltip").filter({ visible: true })).toContainText("how urgent a case is");
  await expect(card).toContainText("The panel splits on this rollout.");
});
