import { expect, test } from "@playwright/test";
import { authFile, workInOwnProject } from "./session";

// The spec's own project, made before its tests (e2e/spec-project.ts); every page opens in it.
workInOwnProject("rubrics");

test.use({ storageState: authFile("admin") });

const tag = `e2e${Date.now().toString(36)}`;

test("a reviewer edits a draft, tries it on a sample, approves it; approving a hack puts its item into the next draft", async ({ page }) => {
  const environment = `rubric-${tag}`;
  await page.goto("/rubrics");
  await page.getByLabel("Environment", { exact: true }).fill(environment);
  await page.getByRole("button", { name: "New rubric" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${environment} v1 (draft)` })).toBeVisible();

  const add = page.getByRole("form", { name: "Add item" });
  await add.getByLabel("Key", { exact: true }).fill("polite");
  await add.getByLabel("Question", { exact: true }).fill("Is the reply polite?");
  await add.getByLabel("Checked by", { exact: true }).selectOption("regex");
  await add.getByLabel("Pattern", { exact: true }).fill("thank you");
  await add.getByLabel("Flags", { exact: true }).fill("i");
  await add.getByRole("button", { name: "Add item" }).click();
  const items = page.getByRole("list", { name: "Rubric items" });
  await expect(items.getByText("1. Is the reply polite?")).toBeVisible();

  await add.getByLabel("Key", { exact: true }).fill("looked_up");
  await add.getByLabel("Question", { exact: true }).fill("Did the agent look up the order?");
  await add.getByLabel("Checked by", { exact: true }).selectOption("tool_called");
  await add.getByLabel("Tool name", { exact: true }).fill("lookup_order");
  await add.getByRole("button", { name: "Add item" }).click();
  await expect(items.getByText("2. Did the agent look up the order?")).toBeVisible();
  await page.getByRole("button", { name: "Move looked_up" }).press("ArrowUp");
  await expect(items.getByText("1. Did the agent look up the order?")).toBeVisible();

  await page.getByRole("button", { name: "Try on sample" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Scored \d+ traces/ })).toBeVisible();

  await page.getByRole("button", { name: "Approve version" }).click();
  await page.getByRole("group", { name: "Confirm approval" }).getByRole("button", { name: `Approve ${environment} v1` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${environment} v1 (approved)` })).toBeVisible();
  await expect(page.getByText("Approved versions are immutable")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add item" })).toHaveCount(0);

  // A hack proposed by hand, then approved: its check lands in the environment's next draft, linked.
  const hackName = `Pads with thanks ${tag}`;
  await page.goto("/hacks");
  const form = page.getByRole("form", { name: "Propose a known hack" });
  await form.getByLabel("Name", { exact: true }).fill(hackName);
  await form.getByLabel("Environment", { exact: true }).fill(environment);
  await form.getByLabel("Description", { exact: true }).fill("Repeats thank you to farm the politeness item");
  await form.getByLabel("Check key", { exact: true }).fill("thanks_padding");
  await form.getByLabel("Hack-check question (yes = the hack fired)", { exact: true }).fill("Does the reply say thank you three times or more?");
  await form.getByLabel("Checked by", { exact: true }).selectOption("regex");
  await form.getByLabel("Pattern", { exact: true }).fill("(thank you.*){3,}");
  await form.getByLabel("Flags", { exact: true }).fill("is");
  await form.getByRole("button", { name: "Propose hack" }).click();
  const entry = page.getByRole("listitem", { name: `Hack ${hackName}` });
  await expect(entry.getByText("proposed", { exact: true })).toBeVisible();
  await entry.getByRole("button", { name: `Approve hack ${hackName}` }).click();
  await entry.getByRole("group", { name: `Confirm approval of ${hackName}` }).getByRole("button", { name: `Approve into rubric ${environment} v2` }).click();
  await expect(entry.getByText("approved", { exact: true })).toBeVisible();
  await entry.getByRole("link", { name: /v2 \(draft\) thanks_padding/ }).click();

  await expect(page.getByRole("heading", { level: 1, name: `${environment} v2 (draft)` })).toBeVisible();
  await expect(page.getByRole("list", { name: "Rubric items" }).getByText("3. Does the reply say thank you three times or more?")).toBeVisible();
  await expect(page.getByRole("link", { name: hackName })).toBeVisible();
  await page.getByRole("link", { name: "Diff against v1" }).click();
  await expect(page.getByRole("region", { name: "Added items" }).getByText("thanks_padding")).toBeVisible();
});
