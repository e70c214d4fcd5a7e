import { execFileSync, spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { authFile, workInProject } from "./session";

// Every page opens in the spec's own project, which its seed makes (e2e/spec-project.ts).
workInProject("python-client");

// The stdlib-only Python client (clients/python) against the running app, with the system python3,
// as a trainer would use it; then what it sent, as a reviewer sees it.
test.use({ storageState: authFile("viewer") });

test("the Python client registers runs, logs metrics and events, scores rollouts for TRL and verifiers, and its TrainerCallback's run shows on /runs", async ({ page }) => {
  test.setTimeout(180_000);
  const env = { ...process.env, DATABASE_URL: "file:./data/e2e/goodhart.db", GOODHART_DATA_DIR: "./data/e2e" };
  const seeded = JSON.parse(execFileSync(process.execPath, ["--import", "tsx", "e2e/seed-python-client.ts", "python-client"], { env, encoding: "utf8" }).trim().split("\n").at(-1)!);
  const tag = `py${Date.now().toString(36)}`;
  const result = spawnSync("python3", ["-m", "unittest", "-v", "test_goodhart"], {
    cwd: path.resolve("clients/python"),
    env: { ...process.env, GOODHART_URL: baseURL, GOODHART_API_KEY: seeded.key, GOODHART_TEST_TAG: tag, GOODHART_TEST_ENVIRONMENT: seeded.environment },
    encoding: "utf8",
    timeout: 150_000,
  });
  expect(result.status, `python3 -m unittest:\n${result.stderr}${result.stdout}`).toBe(0);
  expect(result.stderr).toMatch(/Ran 29 tests[\s\S]*\bOK\b/);

  await page.goto("/runs");
  const row = page.getByRole("row").filter({ hasText: `${tag}-callback` }).filter({ hasNotText: "rank1" });
  await expect(row).toContainText("trl");
  await expect(row).toContainText(/finished/i);
  await expect(page.getByRole("row").filter({ hasText: `${tag}-callback-rank1` })).toHaveCount(0);
  // Run.url is the run's page.
  const runPage = /callback run page: (\S+)/.exec(result.stdout)?.[1];
  expect(runPage, result.stdout).toMatch(new RegExp(`^${baseURL}/runs/`));
  await page.goto(runPage!);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`${tag}-callback`);
});
