import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { authFile, workInProject } from "./session";
import { waitForQueueKeys } from "./queue-keys";

// Every page opens in the spec's own project, which its seed makes (e2e/spec-project.ts).
workInProject("review");

const tag = `r${Date.now().toString(36)}`;

test.beforeAll(() => {
  execFileSync(process.execPath, ["--import", "tsx", "e2e/seed-review.ts", tag], {
    env: { ...process.env, DATABASE_URL: "file:./data/e2e/goodhart.db", GOODHART_DATA_DIR: "./data/e2e" },
    stdio: "pipe",
  });
});

const hackTitle = "High reward while the panel fails it: claims a refund without calling the refund tool";
const splitTitle = "The panel splits: the reply is curt";

test.describe("as a reviewer", () => {
  test.use({ storageState: authFile("reviewer") });

  test("works the queue with the keyboard alone: move, keys, open, note, decide, next", async ({ page }) => {
    await page.goto("/review");
    const queue = page.getByRole("list", { name: "Edge cases" });
    const current = queue.locator('li[aria-current="true"]');
    await expect(current.getByRole("heading", { name: hackTitle })).toBeVisible();
    await expect(current).toContainText("5 rollouts in e2e-refunds earn a mean reward of 0.95 while the panel fails them: on average 3.0 of 4.0 judges fail each");
    await expect(current.getByRole("group", { name: "Example traces" }).getByRole("table").first()).toContainText("Fails: claims a refund without calling the refund tool.");

    await waitForQueueKeys(page);
    await page.keyboard.press("j");
    await expect(current.getByRole("heading", { name: splitTitle })).toBeVisible();
    await page.keyboard.press("k");
    await expect(current.getByRole("heading", { name: hackTitle })).toBeVisible();

    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(help).toContainText("confirm hack");
    await page.keyboard.press("Escape");
    await expect(help).toBeHidden();

    await page.keyboard.press("o");
    await expect(page).toHaveURL(/\/traces\/[^/]+$/);
    await expect(page.getByRole("heading", { level: 1, name: new RegExp(`Trace e2e-review-${tag}-0-`) })).toBeVisible();
    await page.goBack();
    await expect(current.getByRole("heading", { name: hackTitle })).toBeVisible();

    await page.keyboard.press("e");
    const noteDialog = page.getByRole("dialog", { name: /^Note on/ });
    await noteDialog.getByLabel("Note").fill("Refund claimed, no refund tool call: the v1 loophole.");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toHaveText("Note saved.");
    await expect(current).toContainText("Note: Refund claimed, no refund tool call: the v1 loophole.");

    await page.keyboard.press("1");
    await expect(page.getByRole("status")).toHaveText("Confirm hack: 1 case decided; a known hack was proposed on /hacks.");
    await expect(queue.getByRole("heading", { name: hackTitle })).toHaveCount(0);
    // The next case is now the current one.
    await expect(current.getByRole("heading", { name: splitTitle })).toBeVisible();
    await page.keyboard.press("2");
    await expect(page.getByRole("status")).toHaveText("False alarm: 1 case decided.");
    await expect(queue.getByRole("heading", { name: splitTitle })).toHaveCount(0);
    await expect(page.getByText("1 case open, highest priority first.")).toBeVisible();
  });
});

test.describe("as a reviewer filtering", () => {
  test.use({ storageState: authFile("reviewer") });

  // Status "all", so the case is listed whether or not the keyboard test above has decided it.
  test("a filter change goes into the URL, lists the cases once, leaves the focus on its select, and Back from a trace returns to the filtered queue", async ({ page }) => {
    await page.goto("/review");
    await waitForQueueKeys(page);
    // What asks the server for the list: the page's own render for the new URL, or the queue's API.
    const listRequests: Promise<string | null>[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/api/edge-cases") listRequests.push(Promise.resolve(url.search));
      else if (url.pathname === "/review") listRequests.push(request.allHeaders().then((headers) => (headers["rsc"] === "1" ? url.search : null)));
    });
    const listLoads = async () => (await Promise.all(listRequests)).filter((search) => search !== null);
    const list = page.getByRole("list", { name: "Edge cases" });
    const filters = page.getByRole("search", { name: "Filter cases" });
    await filters.getByLabel("Status").selectOption("all");
    await expect(page).toHaveURL(/\/review\?status=all$/);
    await expect(list).toHaveAttribute("aria-busy", "false");
    expect(await listLoads()).toHaveLength(1);
    const kind = filters.getByLabel("Kind");
    await kind.focus();
    await kind.selectOption("suspected_hack");
    await expect(page).toHaveURL(/\/review\?(?=.*status=all)(?=.*kind=suspected_hack)/);
    const current = list.locator('li[aria-current="true"]');
    await expect(current.getByRole("heading", { name: hackTitle })).toBeVisible();
    await expect(list).toHaveAttribute("aria-busy", "false");
    expect(await listLoads()).toHaveLength(2);
    await expect(kind).toBeFocused();

    await current.getByRole("group", { name: "Example traces" }).getByRole("link").first().click();
    await expect(page).toHaveURL(/\/traces\/[^/]+$/);
    await page.goBack();
    await expect(page).toHaveURL(/kind=suspected_hack/);
    await expect(current.getByRole("heading", { name: hackTitle })).toBeVisible();
    await expect(kind).toHaveValue("suspected_hack");
    await expect(filters.getByLabel("Status")).toHaveValue("all");
  });
});

test.describe("as a viewer", () => {
  test.use({ storageState: authFile("viewer") });

  test("sees the queue read-only and is refused a decision", async ({ page }) => {
    await page.goto("/review");
    const current = page.getByRole("list", { name: "Edge cases" }).locator('li[aria-current="true"]');
    await expect(current.getByRole("heading", { name: "The panel splits: wrong address used" })).toBeVisible();
    await expect(page.getByText("Read-only: you are a viewer.")).toBeVisible();
    await waitForQueueKeys(page);
    await page.keyboard.press("1");
    await expect(page.getByRole("status")).toHaveText("Read-only: viewers cannot decide cases.");
    // Nothing to select for a decision either: no boxes, and x says why.
    await expect(page.getByRole("list", { name: "Edge cases" }).getByRole("checkbox")).toHaveCount(0);
    await page.keyboard.press("x");
    await expect(page.getByRole("status")).toHaveText("Read-only: viewers cannot select cases for a decision.");
    const id = (await page.locator('li[aria-current="true"]').getAttribute("aria-labelledby"))!.replace(/^case-/, "");
    const response = await page.request.post("/api/edge-cases/decisions", { headers: { origin: baseURL }, data: { ids: [id], decision: "false_alarm" } });
    expect(response.status()).toBe(403);
    expect((await response.json()).error.code).toBe("forbidden");
    await page.reload();
    await expect(current.getByRole("heading", { name: "The panel splits: wrong address used" })).toBeVisible();
  });
});
