import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { authFile, workInOwnProject } from "./session";
import { specProjectSlug } from "./spec-project";

// The spec's own project, made before its tests (e2e/spec-project.ts); every page opens in it.
workInOwnProject("traces");

test.use({ storageState: authFile("admin") });

const dir = mkdtempSync(path.join(tmpdir(), "goodhart-e2e-traces-"));
const tag = `e2e${Date.now().toString(36)}`;

function writeJsonl(name: string, traces: unknown[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, traces.map((trace) => JSON.stringify(trace)).join("\n") + "\n");
  return file;
}

test("imports a file through the dialog, filters the list, opens a trace and reads a tool call", async ({ page }) => {
  const environment = `env-${tag}`;
  const traces = [1, 2, 3].map((n) => ({
    externalId: `${tag}-${n}`,
    environment,
    input: n === 2 ? `weather question ${tag}` : `other question ${n}`,
    outcome: { reward: n / 4 },
    steps: [
      { role: "user", content: `What is the weather in Oslo? (${n})` },
      { type: "tool_call", role: "assistant", name: "get_weather", toolCallId: "call_1", arguments: { city: "Oslo", units: "metric" }, result: { tempC: 4 } },
      { role: "assistant", content: "It is 4 °C in Oslo.", tokensIn: 120, tokensOut: 9, latencyMs: 340 },
    ],
  }));
  const file = writeJsonl(`${tag}.jsonl`, traces);

  await page.goto("/traces");
  await page.getByRole("button", { name: "Import traces" }).click();
  const dialog = page.getByRole("dialog", { name: "Import traces" });
  await dialog.getByLabel("Trace file").setInputFiles(file);
  await dialog.getByRole("button", { name: "Upload and import" }).click();
  await expect(dialog.getByRole("progressbar", { name: "Import progress" })).toHaveAttribute("aria-valuenow", "100", { timeout: 30_000 });
  await expect(dialog.getByTestId("import-result")).toHaveText("3 accepted, 0 duplicates, 0 rejected");
  await dialog.getByRole("button", { name: "Close" }).click();

  const filters = page.getByRole("search", { name: "Filter traces" });
  await filters.getByLabel("Environment").fill(environment);
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`environment=${environment}`));
  await expect(page.getByText("3 traces match")).toBeVisible();
  await filters.getByLabel("Search").fill(`weather question ${tag}`);
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("1 trace matches")).toBeVisible();

  await page.getByRole("table", { name: "Traces" }).getByRole("link", { name: `${tag}-2` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Trace ${tag}-2` })).toBeVisible();
  const step = page.getByRole("article", { name: "Step 1" });
  await expect(step.getByText("tool call: get_weather")).toBeVisible();
  // A short tool call is shown as it is, on one line, with no button to press.
  await expect(step.getByRole("region", { name: "Arguments" })).toContainText('{ "city": "Oslo", "units": "metric" }');
  await expect(step.getByRole("region", { name: "Result" })).toContainText('{ "tempC": 4 }');
  await expect(page.getByRole("article", { name: "Step 2" })).toContainText("120 tokens in · 9 tokens out · 340 ms");
  await expect(page.getByRole("region", { name: "Outcome" })).toContainText("Tokens120 in · 9 out");
  await expect(page.getByRole("region", { name: "Final reply" })).toContainText("It is 4 °C in Oslo.");
});

test("pages forward and back through a filtered list sorted by reward, the rewardless traces last", async ({ page }) => {
  const environment = `pages-${tag}`;
  const id = (n: number) => `${tag}-p${String(n).padStart(3, "0")}`;
  // 120 traces, every seventh without a reward: 102 with one, so the pages of 50 are 50, 50 and 2 + 18.
  const traces = Array.from({ length: 120 }, (_, n) => ({ externalId: id(n), environment, input: `page ${n}`, outcome: { reward: n % 7 === 0 ? null : n / 1000 } }));
  await page.goto("/traces");
  await page.getByRole("button", { name: "Import traces" }).click();
  const dialog = page.getByRole("dialog", { name: "Import traces" });
  await dialog.getByLabel("Trace file").setInputFiles(writeJsonl(`${tag}-pages.jsonl`, traces));
  await dialog.getByRole("button", { name: "Upload and import" }).click();
  await expect(dialog.getByTestId("import-result")).toHaveText("120 accepted, 0 duplicates, 0 rejected", { timeout: 30_000 });
  await dialog.getByRole("button", { name: "Close" }).click();

  const rewarded = traces.flatMap((trace, n) => (trace.outcome.reward === null ? [] : [n]));
  const pages = page.getByRole("navigation", { name: "Pages" });
  const rows = page.getByRole("table", { name: "Traces" }).getByRole("row");
  // The header row, then the page's traces.
  const expectPageFrom = async (first: number, count: number) => {
    await expect(rows.nth(1)).toContainText(id(first));
    await expect(rows).toHaveCount(count + 1);
  };
  await page.goto(`/traces?environment=${environment}&sort=reward&dir=asc`);
  await expect(page.getByText("120 traces match")).toBeVisible();
  await expectPageFrom(rewarded[0]!, 50);
  await expect(pages.getByRole("link", { name: "Previous page" })).toHaveCount(0);
  await pages.getByRole("link", { name: "Next page" }).click();
  await expectPageFrom(rewarded[50]!, 50);
  await pages.getByRole("link", { name: "Next page" }).click();
  await expectPageFrom(rewarded[100]!, 20);
  await expect(rows.nth(2)).toContainText(id(rewarded[101]!));
  const rewardless = Number((await rows.nth(3).textContent())?.match(new RegExp(`${tag}-p(\\d{3})`))?.[1]);
  expect(rewardless % 7).toBe(0);
  await expect(pages.getByRole("link", { name: "Next page" })).toHaveCount(0);

  await pages.getByRole("link", { name: "Previous page" }).click();
  await expectPageFrom(rewarded[50]!, 50);
  await expect(rows.nth(50)).toContainText(id(rewarded[99]!));
  await pages.getByRole("link", { name: "Previous page" }).click();
  await expectPageFrom(rewarded[0]!, 50);
  await expect(pages.getByRole("link", { name: "Previous page" })).toHaveCount(0);
  await expect(pages.getByRole("link", { name: "First page" })).toHaveCount(0);

  // A range no trace can pass says so, rather than only that nothing matches.
  await page.goto(`/traces?environment=${environment}&rewardMin=0.9&rewardMax=0.1`);
  await expect(page.getByText("No traces match these filters.")).toBeVisible();
  await expect(page.getByText("Reward min 0.9 is above Reward max 0.1, so no trace can match.")).toBeVisible();
});

test("renders script and onerror payloads in content, tool arguments and metadata as text, running nothing", async ({ page }) => {
  const script = "<script>window.__pwned=1</script>";
  const img = '<img src=x onerror="window.__pwned=1">';
  const externalId = `${tag}-xss`;
  const file = writeJsonl(`${tag}-xss.jsonl`, [
    {
      externalId,
      input: `xss ${tag}`,
      metadata: { note: script, html: img },
      steps: [
        { role: "user", content: `${script} and ${img}` },
        { type: "tool_call", role: "assistant", name: "render", arguments: { html: img, js: script }, result: img, reasoning: script },
        { role: "tool", content: img, error: script },
      ],
    },
  ]);
  // Seeded through the CLI against the e2e app's database, as global-setup creates its users.
  execFileSync(process.execPath, ["--import", "tsx", "scripts/cli/index.ts", "import", file, "--json", "--project", specProjectSlug("traces")], {
    env: { ...process.env, DATABASE_URL: "file:./data/e2e/goodhart.db", GOODHART_DATA_DIR: "./data/e2e" },
    stdio: "pipe",
  });
  page.on("dialog", () => {
    throw new Error("a dialog opened: something in the trace ran");
  });

  await page.goto(`/traces?q=${encodeURIComponent(`xss ${tag}`)}`);
  await page.getByRole("link", { name: externalId }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Trace ${externalId}` })).toBeVisible();
  await expect(page.getByRole("article", { name: "Step 0" }).getByText(`${script} and ${img}`)).toBeVisible();
  const call = page.getByRole("article", { name: "Step 1" });
  await expect(call.getByRole("region", { name: "Arguments" })).toContainText(img.replace(/"/g, '\\"'));
  await expect(page.getByRole("complementary", { name: "Outcome and metadata" })).toContainText(script);
  await page.getByRole("button", { name: "Show raw JSON" }).click();
  await expect(page.getByTestId("raw-json")).toContainText("window.__pwned=1");
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator("img[src=x], main script:not([src])").count()).toBe(0);
});

test("on a phone and a tablet the trace column keeps its link: the table scrolls in its own box, not the page", async ({ page }) => {
  const environment = `narrow-${tag}`;
  await page.goto("/traces");
  await page.getByRole("button", { name: "Import traces" }).click();
  const dialog = page.getByRole("dialog", { name: "Import traces" });
  await dialog.getByLabel("Trace file").setInputFiles(writeJsonl(`${tag}-narrow.jsonl`, [{ externalId: `${tag}-narrow`, environment, input: "a narrow window", outcome: { reward: 0.5 } }]));
  await dialog.getByRole("button", { name: "Upload and import" }).click();
  await expect(dialog.getByTestId("import-result")).toHaveText("1 accepted, 0 duplicates, 0 rejected", { timeout: 30_000 });
  await dialog.getByRole("button", { name: "Close" }).click();
  for (const width of [390, 768, 1024]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`/traces?environment=${environment}`);
    const link = page.getByRole("table", { name: "Traces" }).getByRole("link", { name: `${tag}-narrow` });
    await expect(link).toBeVisible();
    expect((await link.boundingBox())!.width, `the trace link at ${width} px`).toBeGreaterThan(150);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `the page's width at ${width} px`).toBeLessThanOrEqual(width);
  }
});
