import { expect, test } from "@playwright/test";
import { authFile, workInOwnProject } from "./session";

// The spec's own project, made before its tests (e2e/spec-project.ts); every page opens in it.
workInOwnProject("rubric-editor");

test.use({ storageState: authFile("reviewer") });

const tag = `e2e${Date.now().toString(36)}`;

test("a reviewer edits a check through its form, reorders by one place, starts a new draft explicitly, and the diff opens on draft vs approved", async ({
  page,
}) => {
  const environment = `editor-${tag}`;
  await page.goto("/rubrics");
  await page.getByLabel("Environment", { exact: true }).fill(environment);
  await page.getByRole("button", { name: "New rubric" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${environment} v1 (draft)` })).toBeVisible();

  const add = page.getByRole("form", { name: "Add item" });
  const items = page.getByRole("list", { name: "Rubric items" });
  const addItem = async (key: string, question: string, fill: () => Promise<void>, place: number) => {
    await add.getByLabel("Key", { exact: true }).fill(key);
    await add.getByLabel("Question", { exact: true }).fill(question);
    await fill();
    await add.getByRole("button", { name: "Add item" }).click();
    await expect(items.getByText(`${place}. ${question}`)).toBeVisible();
  };
  await addItem(
    "polite",
    "Does the reply thank the customer?",
    async () => {
      await add.getByLabel("Checked by", { exact: true }).selectOption("regex");
      await add.getByLabel("Pattern", { exact: true }).fill("thank you");
      await add.getByLabel("Flags", { exact: true }).fill("i");
    },
    1,
  );
  await addItem(
    "looked_up",
    "Did the agent look up the order?",
    async () => {
      await add.getByLabel("Checked by", { exact: true }).selectOption("tool_called");
      await add.getByLabel("Tool name", { exact: true }).fill("lookup_order");
    },
    2,
  );
  await addItem(
    "escalates",
    "Did the agent escalate?",
    async () => {
      await add.getByLabel("Checked by", { exact: true }).selectOption("tool_called");
      await add.getByLabel("Tool name", { exact: true }).fill("escalate");
    },
    3,
  );

  // An added item empties the form; one the server refuses (a key the draft has) keeps what was typed, and says why.
  await expect(add.getByLabel("Key", { exact: true })).toHaveValue("");
  await add.getByLabel("Key", { exact: true }).fill("polite");
  await add.getByLabel("Question", { exact: true }).fill("Is the reply polite?");
  await add.getByLabel("Weight", { exact: true }).fill("3");
  await add.getByLabel("Checked by", { exact: true }).selectOption("tool_called");
  await add.getByLabel("Tool name", { exact: true }).fill("reply");
  await add.getByRole("button", { name: "Add item" }).click();
  await expect(add.getByRole("alert")).toHaveText('This draft already has an item "polite"');
  await expect(add.getByLabel("Key", { exact: true })).toHaveValue("polite");
  await expect(add.getByLabel("Question", { exact: true })).toHaveValue("Is the reply polite?");
  await expect(add.getByLabel("Weight", { exact: true })).toHaveValue("3");
  await expect(items.getByText("Is the reply polite?")).toHaveCount(0);
  await add.getByLabel("Key", { exact: true }).fill("");
  await add.getByLabel("Question", { exact: true }).fill("");

  // Edit a parameter: a bad pattern is named at its field, and saving is held until it is fixed.
  await items.getByText("Edit polite").click();
  const edit = page.getByRole("form", { name: "Edit item polite" });
  const pattern = edit.getByLabel("Pattern", { exact: true });
  await expect(pattern).toHaveValue("thank you");
  await pattern.fill("thank (you");
  await expect(pattern).toHaveAttribute("aria-invalid", "true");
  await expect(pattern).toHaveAccessibleDescription(/Unterminated group/);
  // Bad flags are told in plain words at their own field, not as the engine's message.
  const flags = edit.getByLabel("Flags", { exact: true });
  await flags.fill("ix");
  await expect(flags).toHaveAccessibleDescription(/Flags are letters from d g i m s u v y: i for any case/);
  await expect(edit).not.toContainText("Invalid flags");
  await flags.fill("i");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit.getByRole("alert")).toHaveText(/The check has a problem/);
  await expect(pattern).toBeFocused();
  await pattern.fill("thank (you|u)");
  await expect(pattern).not.toHaveAttribute("aria-invalid", "true");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit.getByRole("status")).toHaveText("Saved.");
  await expect(items.getByText("rule: the final reply matches /thank (you|u)/i")).toBeVisible();

  // One key press moves one place, and the handle keeps the focus.
  const handle = page.getByRole("button", { name: "Move escalates" });
  await handle.focus();
  await handle.press("ArrowUp");
  await expect(items.getByText("2. Did the agent escalate?")).toBeVisible();
  await expect(items.getByText("3. Did the agent look up the order?")).toBeVisible();
  await expect(items.getByText("1. Does the reply thank the customer?")).toBeVisible();
  await expect(handle).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "Moved escalates to place 2 of 3." })).toBeVisible();
  await expect(items).toHaveAttribute("aria-busy", "false");
  await page.reload();
  await expect(items.getByText("2. Did the agent escalate?")).toBeVisible();
  await expect(items.getByText("1. Does the reply thank the customer?")).toBeVisible();

  // Or by drag: the handle dropped on the last item puts it last, the others keeping their order.
  await page.getByRole("button", { name: "Move polite" }).dragTo(items.getByRole("listitem", { name: "Item looked_up" }));
  await expect(items.getByText("3. Does the reply thank the customer?")).toBeVisible();
  await expect(items.getByText("1. Did the agent escalate?")).toBeVisible();
  await expect(items.getByText("2. Did the agent look up the order?")).toBeVisible();
  await expect(items).toHaveAttribute("aria-busy", "false");
  await page.reload();
  await expect(items.getByText("3. Does the reply thank the customer?")).toBeVisible();

  await page.getByRole("button", { name: "Approve version" }).click();
  await page.getByRole("group", { name: "Confirm approval" }).getByRole("button", { name: `Approve ${environment} v1` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${environment} v1 (approved)` })).toBeVisible();
  const v1Url = page.url();

  // An approved version changes only through an explicit new draft, which says what it does.
  const newDraft = page.getByRole("button", { name: "New draft from this version" });
  await expect(newDraft).toHaveAccessibleDescription("Copies v1's 3 items into a new draft you can edit; v1 itself never changes.");
  await newDraft.click();
  await expect(page.getByRole("heading", { level: 1, name: `${environment} v2 (draft)` })).toBeVisible();
  await expect(page.getByText("New draft v2, a copy of v1's items.", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Delete looked_up" }).click();
  await expect(items.getByText("Did the agent look up the order?")).toHaveCount(0);

  await page.goto("/rubrics/diff");
  await expect(page.getByRole("heading", { level: 1, name: "Diff v1 (approved) → v2 (draft)" })).toBeVisible();
  await expect(page.getByLabel("From version").locator("option:checked")).toHaveText(`${environment} v1 (approved)`);
  await expect(page.getByLabel("To version").locator("option:checked")).toHaveText(`${environment} v2 (draft)`);
  await expect(page.getByRole("region", { name: "Removed items" }).getByText("looked_up")).toBeVisible();

  // With a draft open, the same action opens it and says so instead of making a second.
  await page.goto(v1Url);
  const openDraft = page.getByRole("button", { name: "Open draft v2" });
  await expect(openDraft).toHaveAccessibleDescription(/already has an open draft \(v2\)/);
  await openDraft.click();
  await expect(page.getByRole("heading", { level: 1, name: `${environment} v2 (draft)` })).toBeVisible();
  await expect(page.getByText("This rubric already had an open draft, so it was opened instead of making a second one")).toBeVisible();
});
