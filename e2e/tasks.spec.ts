import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { authFile, workInProject } from "./session";

// Every page opens in the spec's own project, which its seed makes (e2e/spec-project.ts).
workInProject("tasks");

type Seeded = { key: string; taskIds: string[]; measured: number };
const tag = `t${Date.now().toString(36)}`;
let seeded: Seeded;

test.beforeAll(async ({ request }) => {
  const out = execFileSync(process.execPath, ["--import", "tsx", "e2e/seed-tasks.ts", tag], {
    env: { ...process.env, DATABASE_URL: "file:./data/e2e/goodhart.db", GOODHART_DATA_DIR: "./data/e2e" },
    stdio: "pipe",
  });
  seeded = JSON.parse(out.toString().trim().split("\n").at(-1)!) as Seeded;
  // Rollouts of the planted tasks, posted as a trainer would: task i passes i of its 4 rollouts (mod 5).
  const traces = seeded.taskIds.flatMap((task, i) =>
    Array.from({ length: 4 }, (_, k) => ({
      externalId: `${tag}-${i}-${k}`,
      source: "rollout",
      environment: "lab",
      task,
      run: `e2e-tasks-${tag}`,
      step: 1,
      outcome: { success: k < i % 5, reward: k < i % 5 ? 1 : 0 },
      steps: [{ role: "assistant", content: `rollout ${k}` }],
    })),
  );
  const response = await request.post("/api/v1/traces", { headers: { authorization: `Bearer ${seeded.key}` }, data: { traces } });
  expect(response.status()).toBe(200);
  expect((await response.json()).accepted).toBe(traces.length);
});

test.describe("as a viewer", () => {
  test.use({ storageState: authFile("viewer") });

  test("pages through the tasks table 100 at a time, forward and back", async ({ page }) => {
    await page.goto("/tasks");
    const table = page.getByRole("region", { name: "Tasks" });
    const pager = table.getByRole("navigation", { name: "Task pages" });
    const rows = table.getByRole("row");
    const seededTask = rows.filter({ hasText: seeded.taskIds[3]! });
    // The lab's planted tasks come first (environment "lab"), then the seed's 110 tasks to page past.
    await expect(pager).toContainText(/^Tasks 1–100 of 1[1-9]\d \(page 1 of 2\)/);
    const total = Number((await pager.textContent())!.match(/of (\d+)/)![1]);
    await expect(rows).toHaveCount(101);
    await expect(seededTask).toContainText("75% (3/4)");
    await expect(pager.getByRole("link", { name: "Previous page" })).toHaveCount(0);
    await pager.getByRole("link", { name: "Next page" }).click();
    await expect(pager).toContainText(`Tasks 101–${total} of ${total} (page 2 of 2)`);
    await expect(rows).toHaveCount(total - 100 + 1);
    await expect(rows.last()).toContainText(`page-${tag}-109`);
    await expect(seededTask).toHaveCount(0);
    await expect(pager.getByRole("link", { name: "Next page" })).toHaveCount(0);
    await pager.getByRole("link", { name: "Previous page" }).click();
    await expect(pager).toContainText(`Tasks 1–100 of ${total} (page 1 of 2)`);
    await expect(seededTask).toContainText("75% (3/4)");
  });

  test("sees the pass-rate histogram and the grounding-gap chart with data, and moves the band", async ({ page }) => {
    await page.goto("/tasks");
    const histogram = page.getByRole("figure", { name: "Pass-rate histogram" });
    await expect(histogram).toBeVisible();
    await expect(histogram.locator(".recharts-bar-rectangle").first()).toBeVisible();
    await expect(histogram).toContainText(/\d+ tasks with rollouts, \d+ in the band 0.1–0.9/);
    const gaps = page.getByRole("figure", { name: "Grounding gap" });
    await expect(gaps).toBeVisible();
    await expect(gaps.locator(".recharts-bar-rectangle").first()).toBeVisible();
    await expect(gaps).toContainText(/[1-9]\d* tasks measured/);
    await expect(page.getByRole("region", { name: "Grounding gap by source" })).toContainText("lab · planted");

    // The e2e project holds the tasks of every lab run too; the search finds the seed's fourth task,
    // which passed 3 of its 4 rollouts, and nothing else.
    const search = page.getByRole("search", { name: "Find tasks" });
    await search.getByLabel("Find tasks").fill(seeded.taskIds[3]!.toUpperCase());
    await search.getByRole("button", { name: "Find" }).click();
    await expect(page).toHaveURL(/q=lab-train/i);
    const table = page.getByRole("region", { name: "Tasks" });
    await expect(table.getByRole("status")).toContainText(/^1 of \d+ tasks match/);
    await expect(table.getByRole("row").filter({ hasText: seeded.taskIds[3]! })).toContainText("75% (3/4)");

    const band = page.getByRole("form", { name: "Difficulty band" });
    await band.getByLabel("Band low").fill("0.5");
    await band.getByLabel("Band high").fill("1");
    await band.getByRole("button", { name: "Apply band" }).click();
    await expect(page).toHaveURL(/band=0\.5,1&q=lab-train/i);
    await expect(histogram).toContainText("in the band 0.5–1");
    await expect(page.getByRole("link", { name: "Download TRL JSONL" })).toHaveAttribute("href", "/api/tasks/export?band=0.5,1&format=trl");
  });
});

test.describe("as a reviewer", () => {
  test.use({ storageState: authFile("reviewer") });

  test("queues a grounding A/B with the lab's policy and a judge, and the job finishes with every task grounded", async ({ page }) => {
    test.setTimeout(240_000);
    await page.goto("/tasks");
    const form = page.getByRole("form", { name: "Measure grounding gap" });
    await form.getByRole("checkbox", { name: new RegExp(`e2e-tasks-reference-${tag}`) }).check();
    await form.getByLabel("Rollouts per arm").fill("2");
    const queued = page.waitForResponse((response) => response.url().endsWith("/api/tasks/grounding") && response.request().method() === "POST");
    await form.getByRole("button", { name: "Queue A/B" }).click();
    const { jobId } = (await (await queued).json()) as { jobId: string };
    await expect(form.getByRole("status")).toContainText("Queued");

    // The worker runs it: the job the Jobs page lists ends succeeded, its last progress naming every task grounded.
    type Job = { id: string; status: string; progress: number; progressMessage: string | null; error: string | null };
    const job = async () => ((await (await page.request.get("/api/jobs")).json()) as { jobs: Job[] }).jobs.find((row) => row.id === jobId);
    await expect.poll(async () => (await job())?.status, { timeout: 200_000, intervals: [1_000], message: "the grounding job's end" }).toBe("succeeded");
    const done = (await job())!;
    expect(done.error).toBeNull();
    expect(done.progress).toBe(1);
    const grounded = done.progressMessage!.match(/^(\d+) of (\d+) tasks grounded$/);
    expect(grounded, done.progressMessage!).not.toBeNull();
    expect(grounded![1]).toBe(grounded![2]);
    await page.goto("/jobs");
    await expect(page.getByRole("main")).toContainText(done.progressMessage!);
  });
});
