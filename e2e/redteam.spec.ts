import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { authFile } from "./session";

test.use({ storageState: authFile("admin") });
const tag = `rt${Date.now().toString(36)}`;
let rubricVersionId: string;

test.beforeAll(() => {
  const out = execFileSync(process.execPath, ["--import", "tsx", "e2e/seed-redteam.ts", tag], {
    env: { ...process.env, DATABASE_URL: "file:./data/e2e/goodhart.db", GOODHART_DATA_DIR: "./data/e2e" },
    stdio: "pipe",
  });
  ({ rubricVersionId } = JSON.parse(out.toString().trim().split("\n").at(-1)!) as { rubricVersionId: string });
});

test("a reviewer red-teams the lab's v1 rubric from its page and reads the refund-claim loophole", async ({ page }) => {
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
});
