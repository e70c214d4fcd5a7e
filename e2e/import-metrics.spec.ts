import { expect, test } from "@playwright/test";
import { authFile, workInOwnProject } from "./session";

// The spec's own project, made before its tests (e2e/spec-project.ts); every page opens in it.
workInOwnProject("import-metrics");

test.use({ storageState: authFile("reviewer") });

const tag = `m${Date.now().toString(36)}`;

test("importing a metrics file names the lines it could not read, whether the file is refused or imported in part", async ({ page }) => {
  await page.goto("/runs");
  await page.getByRole("button", { name: "Import metrics" }).click();
  const dialog = page.getByRole("dialog", { name: "Import metrics" });
  const file = dialog.getByLabel("Metrics file");
  const runName = dialog.getByLabel("Run name");

  // Nothing readable: the file is refused, and each line's reason is listed.
  await file.setInputFiles({ name: "broken.jsonl", mimeType: "application/json", buffer: Buffer.from('not json\n{"step": "x"\n') });
  await runName.fill(`broken-${tag}`);
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(dialog.getByRole("alert")).toContainText("broken.jsonl has no metric points: 2 lines or records could not be read");
  const refused = dialog.getByRole("list", { name: "Lines not imported" });
  await expect(refused.getByRole("listitem")).toHaveCount(2);
  await expect(refused.getByRole("listitem").first()).toContainText(/^line 1: /);

  // One good line and one bad: the run is made from the good one, and the bad one is named.
  await file.setInputFiles({ name: "half.jsonl", mimeType: "application/json", buffer: Buffer.from('{"step": 1, "train/loss": 0.5}\nnot json\n') });
  await runName.fill(`half-${tag}`);
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(dialog.getByTestId("run-import-result")).toContainText(`Made half-${tag}`);
  await expect(dialog.getByTestId("run-import-result")).toContainText("1 line or record could not be read");
  await expect(dialog.getByRole("list", { name: "Lines not imported" }).getByRole("listitem")).toHaveText([/^line 2: /]);
});
