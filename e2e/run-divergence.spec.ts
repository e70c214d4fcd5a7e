import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { authFile, workInProject } from "./session";

// Every page opens in the spec's own project, which its seed makes (e2e/spec-project.ts).
workInProject("run-divergence");

type EdgeCases = { edgeCases: { id: string; kind: string; title: string; subject: { type: string; id: string | null } }[] };
let seeded: { key: string; nextVersion: number };

test.beforeAll(() => {
  const env = { ...process.env, DATABASE_URL: "file:./data/e2e/goodhart.db", GOODHART_DATA_DIR: "./data/e2e" };
  seeded = JSON.parse(execFileSync(process.execPath, ["--import", "tsx", "e2e/seed-run-divergence.ts", "run-divergence"], { env, encoding: "utf8" }).trim().split("\n").at(-1)!);
});

/** Deterministic noise in [-0.5, 0.5), the kind a trainer's curves carry. */
const noise = (step: number, salt: number) => ((step * 7_919 + salt * 104_729) % 1_009) / 1_009 - 0.5;

test("a divergence posted through the API by an outside script opens a metric-divergence case within a minute", async ({ playwright, baseURL }) => {
  // The outside script: plain HTTP with a project API key, nothing of the app's code.
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${seeded.key}` } });
  const name = `e2e-planted-divergence-${Date.now().toString(36)}`;
  const registered = await api.post("/api/v1/runs", { data: { name, trainer: "outside-script" } });
  expect(registered.status()).toBe(201);
  const { id } = (await registered.json()) as { id: string };
  // The proxy reward climbs after step 150 while the held-out success falls.
  const points = Array.from({ length: 300 }, (_, i) => i + 1).flatMap((step) => [
    { step, name: "reward/proxy", value: 0.2 + (step > 150 ? (step - 150) / 200 : 0) + noise(step, 3) * 0.05 },
    { step, name: "success/heldout", value: 0.6 - (step > 150 ? (step - 150) / 300 : 0) + noise(step, 4) * 0.05 },
  ]);
  const posted = await api.post(`/api/v1/runs/${id}/metrics`, { data: { points } });
  expect(posted.status()).toBe(200);
  const started = Date.now();

  await expect
    .poll(
      async () => {
        const body = (await (await api.get("/api/v1/edge-cases?status=open&kind=metric_divergence&limit=200")).json()) as EdgeCases;
        return body.edgeCases.filter((c) => c.subject.type === "run" && c.subject.id === id).map((c) => c.title);
      },
      { timeout: 60_000, message: "no metric_divergence case for the planted run" },
    )
    .toEqual([expect.stringContaining(`reward/proxy pulls away from held-out success/heldout from about step `)]);
  console.log(`planted divergence → open case in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await api.dispose();
});

test.describe("as a reviewer", () => {
  test.use({ storageState: authFile("reviewer") });

  /** Queues a lab run from /runs and answers its id: the one run of that name that was not there before. */
  async function queueLabRun(page: Page, { rubric, steps, seed }: { rubric: string; steps: number; seed: number }) {
    const listRuns = async () => ((await (await page.request.get("/api/runs")).json()) as { runs: { id: string; name: string }[] }).runs;
    const before = new Set((await listRuns()).map((run) => run.id));
    await page.goto("/runs");
    const form = page.getByRole("form", { name: "Run lab" });
    await form.getByLabel("Steps").fill(String(steps));
    await form.getByLabel("Seed").fill(String(seed));
    const versions = form.getByLabel("Rubric version");
    await versions.selectOption((await versions.locator("option", { hasText: new RegExp(`^${rubric} \\(`) }).getAttribute("value"))!);
    await form.getByRole("button", { name: "Run lab" }).click();
    await expect(page.getByRole("status")).toContainText(`Queued lab ${rubric}`);
    const added = (await listRuns()).filter((run) => !before.has(run.id));
    expect(added).toHaveLength(1);
    // A draft version's run is named "lab v2 (draft) seed 3".
    expect(added[0]!.name).toMatch(new RegExp(`^lab ${rubric} .*seed ${seed}$`));
    return added[0]!;
  }

  test("goes from the v1 run's divergence case to the v1-vs-v2 comparison chart", async ({ page }) => {
    test.setTimeout(600_000);
    // v1 long enough for its hack to show (about 20–40 steps in) and be caught; v2 to compare with.
    const v1 = await queueLabRun(page, { rubric: "v1", steps: 200, seed: 3 });
    const v2 = await queueLabRun(page, { rubric: `v${seeded.nextVersion}`, steps: 60, seed: 3 });

    await expect
      .poll(
        async () => {
          const body = (await (await page.request.get(`/api/edge-cases?status=open&kind=metric_divergence&run=${v1.id}`)).json()) as EdgeCases;
          return body.edgeCases.some((c) => c.subject.id === v1.id);
        },
        { timeout: 480_000, intervals: [2_000], message: "the v1 run's divergence case" },
      )
      .toBe(true);
    // The job that opens the case stores the run's verdict a moment later (after drift and the hack
    // checks); the run page shows the verdict stored when it is rendered.
    const pair = "divergence reward/proxy vs success/train";
    await expect
      .poll(
        async () => {
          const run = (await (await page.request.get(`/api/v1/runs/${v1.id}`, { headers: { authorization: `Bearer ${seeded.key}` } })).json()) as { hackRisk: { evidence: string[] } | null };
          return run.hackRisk?.evidence.some((line) => line.startsWith(pair)) ?? false;
        },
        { timeout: 60_000, intervals: [1_000], message: "the v1 run's verdict" },
      )
      .toBe(true);

    await page.goto("/review");
    await page.getByRole("search", { name: "Filter cases" }).getByLabel("Run").selectOption(v1.id);
    const card = page.getByTestId("edge-case").filter({ hasText: `(run ${v1.name}` }).filter({ hasText: "reward/proxy rises while success/train does not" });
    await expect(card).toBeVisible();
    await card.getByRole("link", { name: "Open the run's charts" }).click();
    await expect(page).toHaveURL(new RegExp(`/runs/${v1.id}$`));
    await expect(page.getByRole("region", { name: "Detections" })).toContainText("Divergence");
    // The run's hack risk in one line, with the pair behind it: the line names the strongest evidence,
    // which is the simulated panel's firing rate once the lab's review has judged the run.
    const hackRisk = page.getByRole("region", { name: "Hack risk" });
    await expect(hackRisk).toContainText("Hack risk: likely. ");
    await expect(hackRisk).not.toContainText("Hack likely:");
    await expect(hackRisk).toContainText(pair);

    await page.getByRole("link", { name: `Compare with ${v2.name} (another rubric version)` }).click();
    await expect(page).toHaveURL(new RegExp(`/runs\\?compare=${v1.id},${v2.id}$`));
    const comparison = page.getByRole("region", { name: "Run comparison" });
    await expect(comparison.getByRole("heading", { name: `Comparing ${v1.name} vs ${v2.name}` })).toBeVisible();
    const chart = comparison.getByRole("figure", { name: "reward/proxy by run" });
    await expect(chart).toBeVisible();
    // Each run draws its faint raw line and its EMA; the v1 run's divergence window is shaded.
    await expect(chart.locator(".recharts-line")).toHaveCount(4);
    await expect(chart.locator(".recharts-reference-area")).not.toHaveCount(0);
    const legend = comparison.getByRole("list", { name: "Legend" });
    await expect(legend).toContainText(v1.name);
    await expect(legend).toContainText(v2.name);
    await expect(legend).not.toContainText("(no reward/proxy)");
  });
});
