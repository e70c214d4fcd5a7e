import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { authFile, workInProject } from "./session";

// Every page opens in the spec's own project, which its seed makes (e2e/spec-project.ts).
workInProject("run-page-first-screen");

// The run page a reviewer decides from: the proxy/reference chart with its detection in the first
// screen at 1280x800 and 1920x1080, light and dark; labels that do not overlap; a click on the
// detection opens /review filtered to the run, and Back restores the filter.
type EdgeCases = { edgeCases: { subject: { type: string; id: string | null } }[] };
let runId: string;
let runName: string;

/** Deterministic noise in [-0.5, 0.5), the kind a trainer's curves carry. */
const noise = (step: number, salt: number) => ((step * 7_919 + salt * 104_729) % 1_009) / 1_009 - 0.5;

test.beforeAll(async ({ playwright, baseURL }) => {
  test.setTimeout(120_000);
  const env = { ...process.env, DATABASE_URL: "file:./data/e2e/goodhart.db", GOODHART_DATA_DIR: "./data/e2e" };
  const { key } = JSON.parse(execFileSync(process.execPath, ["--import", "tsx", "e2e/seed-run-divergence.ts", "run-page-first-screen"], { env, encoding: "utf8" }).trim().split("\n").at(-1)!);
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${key}` } });
  runName = `e2e-first-screen-${Date.now().toString(36)}`;
  const registered = await api.post("/api/v1/runs", { data: { name: runName, trainer: "outside-script" } });
  runId = ((await registered.json()) as { id: string }).id;
  // The proxy climbs after step 150 while the held-out success falls; a learning rate of 1e-6 rides along.
  const points = Array.from({ length: 300 }, (_, i) => i + 1).flatMap((step) => [
    { step, name: "reward/proxy", value: 0.2 + (step > 150 ? (step - 150) / 200 : 0) + noise(step, 3) * 0.05 },
    { step, name: "success/heldout", value: 0.6 - (step > 150 ? (step - 150) / 300 : 0) + noise(step, 4) * 0.05 },
    { step, name: "train/lr", value: 1e-6 },
  ]);
  expect((await api.post(`/api/v1/runs/${runId}/metrics`, { data: { points } })).status()).toBe(200);
  await expect
    .poll(async () => ((await (await api.get("/api/v1/edge-cases?status=open&kind=metric_divergence&limit=200")).json()) as EdgeCases).edgeCases.some((c) => c.subject.id === runId), {
      timeout: 90_000,
      message: "the planted run's divergence case",
    })
    .toBe(true);
  await api.dispose();
});

test.use({ storageState: authFile("reviewer") });

for (const viewport of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`at ${viewport.width}x${viewport.height} ${colorScheme}: the proxy/reference chart and its detection are in the first screen, labels apart, and the detection opens the run's cases`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await page.goto(`/runs/${runId}`);
      const chart = page.getByRole("figure", { name: "reward/proxy vs success/heldout" });
      await expect(chart).toBeInViewport({ ratio: 1 });
      await expect(chart).toContainText("normalised");
      await expect(chart.getByRole("list", { name: "Legend" })).toContainText("success/heldout (reference)");
      const labels = page.getByTestId("detection-label");
      const chartLabel = chart.getByTestId("detection-label").first();
      await expect(chartLabel).toBeInViewport({ ratio: 1 });
      await expect(chartLabel).toHaveText(/^\d+ · step \d+$/);

      // No two labels on one chart overlap.
      const boxesByChart = await page.getByRole("figure").evaluateAll((figures) =>
        figures.map((figure) => [...figure.querySelectorAll("[data-testid=detection-label]")].map((label) => label.getBoundingClientRect().toJSON() as DOMRect)),
      );
      expect(boxesByChart.flat().length).toBeGreaterThan(0);
      for (const boxes of boxesByChart)
        for (const [i, a] of boxes.entries())
          for (const b of boxes.slice(i + 1)) expect(a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top, `labels at ${a.left},${a.top} and ${b.left},${b.top} overlap`).toBe(true);
      await expect(labels.first()).toHaveAttribute("title", /kept rising .*while success\/heldout/);

      // The plain sentence first, the figures one click away; a learning rate of 1e-6 is not 0.000.
      const found = page.getByRole("region", { name: "Detections" });
      // success/heldout is a held-out metric: the widening gap is told as training reward that does not generalise.
      await expect(found).toContainText("reward/proxy kept rising on the training tasks while success/heldout on held-out tasks did not follow");
      await expect(found.getByText("Spearman").first()).toBeHidden();
      await expect(page.getByRole("region", { name: "Metrics" }).getByRole("row", { name: /train\/lr/ })).toContainText("1.00e-6");

      await chartLabel.click();
      await expect(page).toHaveURL(new RegExp(`/review\\?run=${runId}$`));
      const runFilter = page.getByRole("search", { name: "Filter cases" }).getByLabel("Run");
      await expect(runFilter).toHaveValue(runId);
      // The queue is filtered to the run: its first case is one of the run's.
      const card = page.getByTestId("edge-case").filter({ has: page.getByRole("link", { name: "Open the run's charts" }) }).first();
      await expect(card).toBeVisible();
      await card.getByRole("link", { name: "Open the run's charts" }).click();
      await expect(page).toHaveURL(new RegExp(`/runs/${runId}$`));
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/review\\?run=${runId}$`));
      await expect(page.getByRole("search", { name: "Filter cases" }).getByLabel("Run")).toHaveValue(runId);
      await expect(page.getByTestId("edge-case").first()).toBeVisible();
    });
  }
}
