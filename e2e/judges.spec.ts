import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { authFile, workInOwnProject } from "./session";
import { specProjectSlug } from "./spec-project";

// The spec's own project, made before its tests (e2e/spec-project.ts); every page opens in it.
workInOwnProject("judges");

// The tau2 judge_viewer data: 50 airline conversations and four judge prompts' verdicts on them.
const datasets = path.resolve(process.env.GOODHART_DATASETS_DIR ?? "../shared/datasets");
const dir = path.join(datasets, "tau2-judge-viewer");
const prompts = ["customer_outcome", "quick_triage", "policy_conversation", "policy_chain_of_thought"];

function cli(...args: string[]) {
  // Exit code 2 (some records rejected) cannot happen here; anything else non-zero throws.
  return execFileSync(process.execPath, ["--import", "tsx", "scripts/cli/index.ts", ...args], { env: { ...process.env, DATABASE_URL: "file:./data/e2e/goodhart.db", GOODHART_DATA_DIR: "./data/e2e" }, encoding: "utf8" });
}

test.beforeAll(() => {
  const project = ["--project", specProjectSlug("judges")];
  cli("import", path.join(dir, "azure-airline-full.json"), ...project);
  for (const prompt of prompts) cli("judge", "import", path.join(dir, `airline-multi-judge-full.json.summary_${prompt}_v1.json`), ...project);
  cli("judge", "add", "--name", "e2e-reference", "--config", '{"kind":"reference"}', ...project);
});

test.describe("as a viewer", () => {
  test.use({ storageState: authFile("viewer") });

  test("/judges shows each imported judge prompt's agreement with the tau2 reward, and the panel against the best single judge", async ({ page }) => {
    await page.goto("/judges");
    const section = page.getByRole("region", { name: "Agreement in tau2/airline" });
    const expected: Record<string, string> = { customer_outcome_v1: "20 of 50", quick_triage_v1: "25 of 50", policy_conversation_v1: "34 of 50", policy_chain_of_thought_v1: "18 of 50" };
    for (const [name, agree] of Object.entries(expected)) {
      await expect(section.getByRole("row").filter({ hasText: name }).getByRole("cell").nth(3)).toHaveText(agree);
    }
    await expect(section.getByRole("note", { name: "Panel against the best single judge" })).toContainText("best single judge, policy_conversation_v1, 34 of 50");
    // Viewers read; the run panel is for reviewers.
    await expect(page.getByRole("form", { name: "Run judges" })).toHaveCount(0);
  });
});

test.describe("as a reviewer", () => {
  test.use({ storageState: authFile("reviewer") });

  test("the run panel starts a judge run whose progress bar finishes, errors recorded rather than crashing", async ({ page }) => {
    await page.goto("/judges");
    const form = page.getByRole("form", { name: "Run judges" });
    await form.getByRole("checkbox", { name: /e2e-reference/ }).check();
    await form.getByLabel("Traces").selectOption("environment");
    await form.getByLabel("Environment").selectOption("tau2/airline");
    await form.getByRole("button", { name: "Run judges" }).click();
    await expect(page.getByRole("progressbar", { name: "Judge run progress" })).toHaveAttribute("aria-valuenow", "100", { timeout: 45_000 });
    // The tau2 tasks carry no reference answer: every verdict is an error, none a silent pass.
    await expect(page.getByRole("status").filter({ hasText: "Done:" })).toHaveText(/Done: 50 verdicts \(50 errors\)/);
  });

  test("uploading a verdict summary again on /judges matches every entry and adds nothing", async ({ page }) => {
    await page.goto("/judges");
    const panel = page.getByRole("region", { name: "Import verdicts" });
    await panel.getByLabel("Verdict file").setInputFiles(path.join(dir, "airline-multi-judge-full.json.summary_quick_triage_v1.json"));
    await panel.getByRole("button", { name: "Import verdicts" }).click();
    await expect(panel.getByRole("status")).toHaveText("0 imported, 50 already present, 0 unmatched (quick_triage_v1).");
  });
});

test.describe("as an admin", () => {
  test.use({ storageState: authFile("admin") });

  test("adds an llm judge without any key in the form, and saving the same config again makes no new version", async ({ page }) => {
    const name = `e2e-llm-${Date.now().toString(36)}`;
    await page.goto("/judges");
    await page.getByText("Add or change a judge").click();
    const form = page.getByRole("form", { name: "Add judge" });
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Base URL").fill("http://127.0.0.1:9/v1");
    await form.getByLabel("Model").fill("qwen3-8b");
    await form.getByRole("button", { name: "Save judge" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Judge added" })).toHaveText("Judge added (version 1).");
    await expect(page.getByRole("table", { name: "Judges" }).getByRole("row").filter({ hasText: name })).toContainText("qwen3-8b");
    // The form resets after a save: fill in the same config again.
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Base URL").fill("http://127.0.0.1:9/v1");
    await form.getByLabel("Model").fill("qwen3-8b");
    await form.getByRole("button", { name: "Save judge" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Nothing changed" })).toHaveText("Nothing changed (version 1).");
  });

  test("adds a chain-of-thought monitor that reads the reasoning with its own patterns", async ({ page }) => {
    const name = `e2e-cot-${Date.now().toString(36)}`;
    await page.goto("/judges");
    await page.getByText("Add or change a judge").click();
    const form = page.getByRole("form", { name: "Add judge" });
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Kind").selectOption("cot");
    await form.getByLabel("Monitor form").selectOption("rule");
    await form.getByLabel("Patterns, one per line").fill("\\bjust say\\b");
    await form.getByRole("button", { name: "Save judge" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Judge added" })).toHaveText("Judge added (version 1).");
    const row = page.getByRole("table", { name: "Judges" }).getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("chain-of-thought monitor, 1 pattern: reads the reasoning only");
    await expect(row).toContainText("cot");
  });
});
