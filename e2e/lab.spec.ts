import { expect, test } from "@playwright/test";
import { authFile, workInOwnProject } from "./session";

// The spec's own project, made before its tests (e2e/spec-project.ts); every page opens in it.
workInOwnProject("lab");

test.use({ storageState: authFile("reviewer") });

// The lab end to end in the app: a reviewer queues a short run, a worker trains it, and its
// metrics and rollouts are there to read.
test("a reviewer runs the lab from /runs, reads the run's metrics and opens one of its rollouts", async ({ page }) => {
  await page.goto("/runs");
  const form = page.getByRole("form", { name: "Run lab" });
  await form.getByLabel("Steps").fill("12");
  await form.getByLabel("Seed").fill("7");
  await form.getByRole("button", { name: "Run lab" }).click();
  await expect(page.getByRole("status")).toContainText("Queued lab v1 seed 7");

  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: "lab v1 seed 7" }) }).first();
  await expect(row.getByText("succeeded")).toBeVisible({ timeout: 120_000 });
  await row.getByRole("link", { name: "lab v1 seed 7" }).click();

  const metrics = page.getByRole("region", { name: "Metrics" });
  for (const name of ["reward/proxy", "success/train", "success/heldout"]) await expect(metrics.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Summary" }).getByText("Hack rate")).toBeVisible();

  await page.getByRole("link", { name: "Traces of this run" }).click();
  await expect(page).toHaveURL(/\/traces\?run=/);
  const firstTrace = page.locator('a[href^="/traces/"]').first();
  await expect(firstTrace).toBeVisible();
  await firstTrace.click();
  await expect(page).toHaveURL(/\/traces\/[^/?]+$/);
  await expect(page.getByText("simulator").first()).toBeVisible();
  await expect(page.getByText("lookup_order").first()).toBeVisible();
});
