import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { authFile, workInProject } from "./session";

// Every page opens in the spec's own project, which its seed makes (e2e/spec-project.ts).
workInProject("run-charts");

type Seeded = { runA: { id: string; name: string }; runB: { id: string; name: string }; rollouts: { id: string; externalId: string; step: number }[] };
const tag = `c${Date.now().toString(36)}`;
let seeded: Seeded;

test.beforeAll(() => {
  const out = execFileSync(process.execPath, ["--import", "tsx", "e2e/seed-run-charts.ts", tag], {
    env: { ...process.env, DATABASE_URL: "file:./data/e2e/goodhart.db", GOODHART_DATA_DIR: "./data/e2e" },
    stdio: "pipe",
  });
  seeded = JSON.parse(out.toString().trim().split("\n").at(-1)!) as Seeded;
});

test.describe("as a viewer", () => {
  test.use({ storageState: authFile("viewer") });

  test("reads a chart per metric with events, toggles log scale and smoothing, zooms, and opens a rollout", async ({ page }) => {
    await page.goto(`/runs/${seeded.runA.id}`);
    for (const metric of ["kl", "loss", "reward/proxy"]) await expect(page.getByRole("figure", { name: metric, exact: true })).toBeVisible();
    const events = page.getByRole("region", { name: "Events" });
    await expect(events).toContainText("step 500 · checkpoint · checkpoint-500");
    // Untrusted text stays text.
    await expect(events).toContainText("<b>lr halved</b>");

    const kl = page.getByRole("figure", { name: "kl", exact: true });
    await expect(kl.locator(".recharts-line")).toHaveCount(2); // the faint raw line and its EMA
    await page.getByRole("slider", { name: "Smoothing" }).fill("0");
    await expect(kl.locator(".recharts-line")).toHaveCount(1);

    await expect(kl).not.toContainText("not drawn on the log scale");
    await page.getByRole("checkbox", { name: "Log scale" }).check();
    // Buckets of 4 steps: steps 1–3 and 4–7 are all 0; 8–11 holds three zeros and one value above.
    await expect(kl).toContainText("at least 8 values ≤ 0 not drawn on the log scale");

    const rollouts = page.getByRole("table", { name: "Rollouts of the step window" });
    await expect(rollouts.getByRole("link")).toHaveCount(4);
    await expect(rollouts.getByRole("columnheader", { name: "claims_refund_unchecked" })).toBeVisible();
    await page.getByLabel("From step").fill("1000");
    await page.getByLabel("To step").fill("1999");
    await page.getByRole("button", { name: "Zoom", exact: true }).click();
    await expect(page.getByText("Steps 1,000–1,999", { exact: true })).toBeVisible();
    await expect(rollouts.getByRole("link")).toHaveCount(2);
    await expect(events).not.toContainText("checkpoint-500");

    const target = seeded.rollouts.find((rollout) => rollout.step === 1_200)!;
    await expect(rollouts.getByRole("row", { name: new RegExp(target.externalId) })).toContainText("0.600");
    await rollouts.getByRole("link", { name: target.externalId }).click();
    await expect(page).toHaveURL(new RegExp(`/traces/${target.id}$`));
    await expect(page.getByRole("heading", { name: `Trace ${target.externalId}` })).toBeVisible();
  });

  test("overlays two runs' metric on one chart from the runs table", async ({ page }) => {
    await page.goto("/runs");
    await page.getByRole("checkbox", { name: `Compare ${seeded.runA.name}` }).check();
    await page.getByRole("checkbox", { name: `Compare ${seeded.runB.name}` }).check();
    const comparison = page.getByRole("region", { name: "Run comparison" });
    await expect(comparison.getByRole("figure", { name: "reward/proxy by run" })).toBeVisible();
    await expect(comparison.getByRole("figure", { name: "reward/proxy by run" }).locator(".recharts-line")).toHaveCount(4);
    await expect(comparison.getByRole("list", { name: "Legend" })).toContainText(seeded.runA.name);
    await expect(comparison.getByRole("list", { name: "Legend" })).toContainText(seeded.runB.name);
  });
});
