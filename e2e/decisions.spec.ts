import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { e2eUsers } from "./global-setup";
import { authFile, workInProject } from "./session";
import { waitForQueueKeys } from "./queue-keys";

// Every page opens in the spec's own project, which its seed makes (e2e/spec-project.ts).
workInProject("decisions");

const tag = `d${Date.now().toString(36)}`;
const environment = `e2e-decide-${tag}`;

test.beforeAll(() => {
  execFileSync(process.execPath, ["--import", "tsx", "e2e/seed-decisions.ts", tag], {
    env: { ...process.env, DATABASE_URL: "file:./data/e2e/goodhart.db", GOODHART_DATA_DIR: "./data/e2e" },
    stdio: "pipe",
  });
});

test.describe("as a reviewer", () => {
  test.use({ storageState: authFile("reviewer") });

  test("a decision labelling 25 traces shows its scale and waits for its key again", async ({ page }) => {
    await page.goto("/review");
    const queue = page.getByRole("list", { name: "Edge cases" });
    const big = queue.locator(":scope > li").filter({ hasText: "25 rollouts" });
    await big.getByRole("heading").click();
    await expect(queue.locator('li[aria-current="true"]')).toContainText("25 rollouts");

    await waitForQueueKeys(page);
    await page.keyboard.press("1");
    const confirmation = page.getByRole("group", { name: "Confirm decision" });
    await expect(confirmation).toContainText(`Confirm hack on 1 case, labelling 25 traces in the rubric of ${environment}?`);
    await page.keyboard.press("Escape");
    await expect(confirmation).toBeHidden();
    await expect(page.getByRole("status")).toHaveText("");
    await expect(big).toHaveCount(1);

    // The button asks too, and the same key a second time decides.
    await page.getByRole("toolbar", { name: "Decide" }).getByRole("button", { name: "1 Confirm hack" }).click();
    await expect(confirmation.getByRole("button", { name: "Confirm hack: 25 traces" })).toBeVisible();
    await page.keyboard.press("1");
    await expect(page.getByRole("status")).toHaveText("Confirm hack: 1 case decided; a known hack was proposed on /hacks.");
    await expect(big).toHaveCount(0);
  });

  test("a decision labelling 3 traces acts at once, and its proposed hack links to the hack's entry", async ({ page }) => {
    await page.goto("/review");
    const queue = page.getByRole("list", { name: "Edge cases" });
    await queue.locator(":scope > li").filter({ hasText: "3 rollouts" }).getByRole("heading").click();
    await expect(queue.locator('li[aria-current="true"]')).toContainText("3 rollouts");
    await waitForQueueKeys(page);
    await page.keyboard.press("1");
    const status = page.getByRole("status");
    await expect(status).toHaveText("Confirm hack: 1 case decided; a known hack was proposed on /hacks.");
    await expect(page.getByRole("group", { name: "Confirm decision" })).toHaveCount(0);
    await status.getByRole("link", { name: "proposed on /hacks" }).click();
    await expect(page).toHaveURL(/\/hacks#hack-[^/]+$/);
    const entry = page.locator(`li#${new URL(page.url()).hash.slice(1)}`);
    await expect(entry).toContainText("proposed");
    await expect(entry).toContainText(`environment ${environment}`);
  });

  test("approving a hack and then its rubric version shows what each touches first and links to what it made", async ({ page }) => {
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

    // A rejection without a reason is refused at the note.
    await entry.getByRole("button", { name: `Reject hack ${hackName}` }).click();
    await expect(entry.getByRole("alert")).toHaveText("Say why the hack is rejected");
    await expect(entry.getByText("proposed", { exact: true })).toBeVisible();

    await entry.getByRole("button", { name: `Approve hack ${hackName}` }).click();
    const confirmation = entry.getByRole("group", { name: `Confirm approval of ${hackName}` });
    await expect(confirmation).toContainText(`Approving adds its hack check to rubric ${environment} v1 (a new draft), which scores the 28 traces of ${environment}`);
    await confirmation.getByRole("button", { name: "Cancel" }).click();
    await expect(confirmation).toBeHidden();
    await expect(entry.getByText("proposed", { exact: true })).toBeVisible();

    await entry.getByRole("button", { name: `Approve hack ${hackName}` }).click();
    await confirmation.getByRole("button", { name: `Approve into rubric ${environment} v1` }).click();
    await expect(entry.getByText("approved", { exact: true })).toBeVisible();
    const outcome = entry.getByRole("status");
    await expect(outcome).toContainText("Approved: its check thanks_padding is in");
    await outcome.getByRole("link", { name: `rubric ${environment} v1 (draft)` }).click();

    await expect(page.getByRole("heading", { level: 1, name: `${environment} v1 (draft)` })).toBeVisible();
    await page.getByRole("button", { name: "Approve version" }).click();
    const approval = page.getByRole("group", { name: "Confirm approval" });
    await expect(approval).toContainText(`Approving makes rubric ${environment} v1 (1 item) immutable and the version the reward API and new runs use for the 28 traces of ${environment}.`);
    await approval.getByRole("button", { name: `Approve ${environment} v1` }).click();
    await expect(page.getByRole("heading", { level: 1, name: `${environment} v1 (approved)` })).toBeVisible();
  });
});

test.describe("signing in", () => {
  test("returns to the page the reviewer came from", async ({ page }) => {
    await page.goto(`/traces?environment=${environment}`);
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/traces?environment=${environment}`)}`);
    await page.getByLabel("Email").fill(e2eUsers.reviewer.email);
    await page.getByLabel("Password").fill(e2eUsers.reviewer.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`/traces?environment=${environment}`);
  });

  test("never leaves the app, whatever the next parameter says", async ({ page }) => {
    await page.goto(`/login?next=${encodeURIComponent("//evil.example/phish")}`);
    await page.getByLabel("Email").fill(e2eUsers.reviewer.email);
    await page.getByLabel("Password").fill(e2eUsers.reviewer.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/review$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
