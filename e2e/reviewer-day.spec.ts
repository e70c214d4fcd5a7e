import { expect, test, type Page } from "@playwright/test";
import { authFile, workInOwnProject } from "./session";
import { waitForQueueKeys } from "./queue-keys";

// The spec's own project, made before its tests (e2e/spec-project.ts); every page opens in it.
workInOwnProject("reviewer-day");

// The reviewer's day on the demo (issue 16): the largest case of a lab run on rubric v1 (over 20
// traces, so the decision asks for its confirmation), its trace read without scrolling at 1280x800,
// the hack approved with its scale in view, the induced check edited through the form in the rubric
// draft it landed in, and the links followed back.
test.use({ storageState: authFile("reviewer"), viewport: { width: 1280, height: 800 } });

type Cases = { edgeCases: { id: string; title: string; count: number; exampleCount: number; examples: unknown[] }[] };

async function queueDemoRun(page: Page) {
  const listRuns = async () => ((await (await page.request.get("/api/runs")).json()) as { runs: { id: string; name: string }[] }).runs;
  const before = new Set((await listRuns()).map((run) => run.id));
  await page.goto("/runs");
  const form = page.getByRole("form", { name: "Run lab" });
  // 120 steps sample enough rollouts that the largest case labels more than 20 traces (40 steps gave 17).
  await form.getByLabel("Steps").fill("120");
  await form.getByLabel("Seed").fill("5");
  await form.getByRole("button", { name: "Run lab" }).click();
  await expect.poll(async () => (await listRuns()).filter((run) => !before.has(run.id)).length, { timeout: 30_000 }).toBe(1);
  return (await listRuns()).find((run) => !before.has(run.id))!;
}

test("a reviewer triages the demo's top case into its trace, approves the hack with its scale in view, edits its check in the form, and follows the links back", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const run = await queueDemoRun(page);
  // The worker trains the run, then the simulated panel reviews it and the queue fills.
  const openCases = async () => ((await (await page.request.get(`/api/edge-cases?status=open&run=${run.id}`)).json()) as Cases).edgeCases;
  await expect
    .poll(async () => (await openCases()).length, { timeout: 240_000, intervals: [2_000], message: "the demo run's reviewed cases" })
    .toBeGreaterThan(0);
  // The case labelling the most traces: confirming it must ask first (over 20), so that step always
  // runs. Cases grow while the run trains; this waits until one has grown past 20.
  const largest = async () => [...(await openCases())].sort((a, b) => b.exampleCount - a.exampleCount)[0];
  await expect
    .poll(async () => (await largest())?.exampleCount ?? 0, {
      timeout: 240_000,
      intervals: [2_000],
      message: "a case of the run labelling more than 20 traces",
    })
    .toBeGreaterThan(20);
  const top = (await largest())!;

  await page.goto("/review");
  await page.getByRole("search", { name: "Filter cases" }).getByLabel("Run").selectOption(run.id);
  const queue = page.getByRole("list", { name: "Edge cases" });
  const current = queue.locator('li[aria-current="true"]');
  await queue.getByRole("heading", { name: top.title, exact: true }).first().click();
  await expect(current.getByRole("heading", { name: top.title, exact: true })).toBeVisible();

  // Into the trace: the final reply and the panel's verdicts are in the first screen.
  await current.getByRole("group", { name: "Example traces" }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/traces\/[^/?]+$/);
  const reply = page.getByRole("region", { name: "Final reply" });
  await expect(reply).not.toBeEmpty();
  await expect(reply).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole("listitem", { name: /^Verdict of / }).first()).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // Back in the queue: confirming the hack labels the case's rollouts; over 20 it asks first.
  await page.goBack();
  await expect(current.getByRole("heading", { name: top.title, exact: true })).toBeVisible();
  await waitForQueueKeys(page);
  await page.keyboard.press("1");
  const confirmation = page.getByRole("group", { name: "Confirm decision" });
  const status = page.getByRole("status").filter({ hasText: "Confirm hack: 1 case decided" });
  await expect(confirmation).toContainText(`Confirm hack on 1 case, labelling ${top.exampleCount} traces in the rubric of lab?`);
  await expect(status).toHaveCount(0);
  await page.keyboard.press("1");
  await expect(confirmation).toHaveCount(0);
  await expect(status).toContainText("a known hack was proposed on /hacks.");
  await status.getByRole("link", { name: "proposed on /hacks" }).click();
  await expect(page).toHaveURL(/\/hacks#hack-[^/]+$/);
  const entry = page.locator(`li#${new URL(page.url()).hash.slice(1)}`);
  await expect(entry).toContainText("proposed");

  // Approving shows which rubric draft it goes into and how many traces that rubric scores.
  await entry.getByRole("button", { name: /^Approve hack / }).click();
  const approval = entry.getByRole("group", { name: /^Confirm approval of / });
  await expect(approval).toContainText(/Approving adds its hack check to rubric lab v\d+ .*which scores the \d+ traces of lab/);
  await approval.getByRole("button", { name: /^Approve into rubric lab v\d+$/ }).click();
  const outcome = entry.getByRole("status");
  await expect(outcome).toContainText("Approved: its check");
  const checkKey = (await outcome.textContent())!.match(/its check (\S+) is in/)![1]!;
  await outcome.getByRole("link", { name: /^rubric lab v\d+ \(draft\)$/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: /v\d+ \(draft\)$/ })).toBeVisible();

  // The induced hack check edited through its form in that draft: its question and weight, kept after a reload.
  const items = page.getByRole("list", { name: "Rubric items" });
  await expect(items).toContainText(checkKey);
  await items.getByText(`Edit ${checkKey}`, { exact: true }).click();
  const edit = page.getByRole("form", { name: `Edit item ${checkKey}` });
  await expect(edit.getByLabel("Polarity")).toHaveValue("hack");
  const question = `Hack check reviewed on run ${run.name}`;
  await edit.getByLabel("Question").fill(question);
  await edit.getByLabel("Weight").fill("2");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit.getByRole("status")).toHaveText("Saved.");
  await page.reload();
  await expect(items).toContainText(question);

  // Back from the draft to the hack it holds: the entry is approved and links to this draft.
  await page.goBack();
  await expect(entry.getByText("approved", { exact: true })).toBeVisible();
});
