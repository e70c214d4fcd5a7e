import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { formatEffect } from "../lib/redteam/format-effect";
import type { RedteamReport } from "../lib/redteam/redteam-report";
import { authFile, workInProject } from "./session";

// Every page opens in the spec's own project, which its seed makes (e2e/spec-project.ts).
workInProject("redteam");

test.use({ storageState: authFile("admin") });
const tag = `rt${Date.now().toString(36)}`;
let rubricVersionId: string;
let key: string;

test.beforeAll(() => {
  const out = execFileSync(process.execPath, ["--import", "tsx", "e2e/seed-redteam.ts", tag], {
    env: { ...process.env, DATABASE_URL: "file:./data/e2e/goodhart.db", GOODHART_DATA_DIR: "./data/e2e" },
    stdio: "pipe",
  });
  ({ rubricVersionId, key } = JSON.parse(out.toString().trim().split("\n").at(-1)!) as { rubricVersionId: string; key: string });
});

test("a reviewer red-teams the lab's v1 rubric from its page and reads the refund-claim loophole, with the numbers the API gives", async ({ page, playwright, baseURL }) => {
  await page.goto(`/rubrics/${rubricVersionId}`);
  const section = page.getByRole("region", { name: "Red-team" });
  await section.getByRole("button", { name: "Red-team this version" }).click();
  await expect(section.getByRole("status")).toContainText("Red-team run");
  // The worker runs the job; the page shows the report once it has finished.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("region", { name: "Red-team" }).getByText(/^Loopholes:/)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
  const report = page.getByRole("region", { name: "Red-team" });
  await expect(report.getByText(/^Loopholes: .*claim_without_action:issue_refund/)).toBeVisible();
  const row = report.getByRole("row", { name: /Claim an outcome without the action \(issue_refund\)/ });
  await expect(row.getByRole("cell", { name: "loophole" })).toBeVisible();
  await expect(report.getByRole("row", { name: /Pad the length/ }).getByRole("cell", { name: "tried" })).toBeVisible();
  await report.getByText(/Loophole: Claim an outcome without the action \(issue_refund\)/).click();
  await expect(report.getByText(/has been issued/).first()).toBeVisible();

  // The API answers the same run with the same numbers the page shows.
  const runId = /^Run (\S+):/.exec((await report.getByText(/^Run \S+: \d+ honest rollouts/).textContent()) ?? "")![1]!;
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${key}` } });
  const answer = (await (await api.get(`/api/v1/redteam/${runId}`)).json()) as { report: RedteamReport };
  const claim = answer.report.families.find((f) => f.id === "claim_without_action:issue_refund")!;
  expect(claim.isLoophole).toBe(true);
  await expect(row.getByRole("cell", { name: formatEffect(claim.reward), exact: true })).toBeVisible();
  await expect(row.getByRole("cell", { name: formatEffect(claim.truth), exact: true })).toBeVisible();
  await expect(row.getByRole("cell", { name: String(claim.probes), exact: true })).toBeVisible();
  await expect(report.getByText(`${answer.report.honestRollouts} honest rollouts, ${answer.report.probesScored} probes`)).toBeVisible();

  // The loophole's link opens the very hack it proposed, on /hacks.
  expect(claim.knownHackId).toBeTruthy();
  await report.locator("details", { hasText: "Loophole: Claim an outcome without the action (issue_refund)" }).getByRole("link", { name: "Proposed known hack" }).click();
  await expect(page).toHaveURL(new RegExp(`/hacks#hack-${claim.knownHackId}$`));
  await expect(page.locator(`li#hack-${claim.knownHackId}`)).toContainText("proposed");
});
