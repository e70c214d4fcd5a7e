import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { contrastFailures } from "./contrast";
import { baseURL } from "../playwright.config";
import { authFile, specProjectCookie, workInProject } from "./session";

// Every page opens in the spec's own project, which its seed makes (e2e/spec-project.ts).
workInProject("screenshots");

// Every page, read from app/ on disk as e2e/route-auth.spec.ts reads them, looked at the way people
// use the app: two window sizes, light and dark (the system setting), with the demo's data and a
// 5,000-step trace holding a 1 MB message; each must fit the window and pass WCAG AA contrast
// (e2e/contrast.ts). The screenshots stay in test-results/screenshots.
const tag = `s${Date.now().toString(36)}`;
const shotsDir = path.join("test-results", "screenshots");
const sizes = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;
const schemes = ["light", "dark"] as const;

type Seeded = { runId: string; runName: string; rubricVersionId: string; heavyTraceId: string; rolloutTraceId: string };
let seeded: Seeded;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  const output = execFileSync(process.execPath, ["--import", "tsx", "e2e/seed-screenshots.ts", tag], {
    env: { ...process.env, DATABASE_URL: "file:./data/e2e/goodhart.db", GOODHART_DATA_DIR: "./data/e2e" },
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 16 * 1024 * 1024,
  });
  seeded = JSON.parse(output.toString().trim().split("\n").at(-1)!) as Seeded;
  mkdirSync(shotsDir, { recursive: true });
  // The worker trains the demo run; the runs table (which polls) says when, and its rollouts are then on /traces.
  const context = await browser.newContext({ storageState: authFile("admin") });
  await context.addCookies([specProjectCookie("screenshots", baseURL)]);
  const page = await context.newPage();
  await page.goto("/runs");
  const row = page.getByRole("row").filter({ has: page.locator(`a[href="/runs/${seeded.runId}"]`) });
  await expect(row.getByText("succeeded")).toBeVisible({ timeout: 180_000 });
  await page.goto(`/traces?run=${seeded.runId}`);
  const rollout = page.locator('main a[href^="/traces/"]').first();
  await expect(rollout).toBeVisible();
  seeded.rolloutTraceId = (await rollout.getAttribute("href"))!.replace("/traces/", "");
  await context.close();
});

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

/** The URLs of every signed-in page.tsx, each [id] filled with seeded data; "/" only redirects, /login has its own test. */
function pageUrls(): string[] {
  const routes = walk("app")
    .filter((file) => file.endsWith(`${path.sep}page.tsx`))
    .map(
      (file) =>
        `/${path
          .relative("app", path.dirname(file))
          .split(path.sep)
          .filter((s) => s && !/^\(.*\)$/.test(s))
          .join("/")}`,
    )
    .filter((url) => url !== "/" && url !== "/login");
  const ids: Record<string, string[]> = {
    "/traces/[id]": [seeded.rolloutTraceId, seeded.heavyTraceId].map((id) => `/traces/${id}`),
    "/runs/[id]": [`/runs/${seeded.runId}`],
    "/rubrics/[id]": [`/rubrics/${seeded.rubricVersionId}`],
  };
  return routes.flatMap((route) => {
    if (ids[route]) return ids[route]!;
    if (route.includes("[")) throw new Error(`${route}: no seeded id to fill in; add one to the screenshot spec`);
    return [route];
  });
}

/**
 * Horizontal overflow of the document, of any element inside main wider than the window, and of
 * any box inside main that cuts its content off with `overflow: hidden` or `clip` (no scroll bar, no
 * ellipsis: the text is simply gone).
 */
async function overflowOf(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${String(element.className).split(" ").slice(0, 3).join(".")}`;
    const elements = [...document.querySelectorAll("main *")];
    const offenders = elements
      .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 1 && getComputedStyle(element).position !== "fixed")
      .filter((element) => !element.closest("[data-scrolls-x]") && !hasScrollingAncestor(element))
      .slice(0, 3)
      .map((element) => `${describe(element)} right=${Math.round(element.getBoundingClientRect().right)}`);
    const clipped = elements
      .filter((element): element is HTMLElement => element instanceof HTMLElement && cutsOffContent(element))
      .slice(0, 3)
      .map((element) => `${describe(element)} shows ${element.clientWidth} of ${element.scrollWidth} px: "${(element.textContent ?? "").trim().slice(0, 40)}"`);
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, offenders, clipped };

    // Content inside a box that scrolls sideways (a wide table's wrapper) is reachable; content cut by a hidden box is checked below.
    function hasScrollingAncestor(element: Element): boolean {
      for (let parent = element.parentElement; parent && parent.tagName !== "MAIN"; parent = parent.parentElement) {
        const style = getComputedStyle(parent).overflowX;
        if ((style === "auto" || style === "scroll" || style === "hidden" || style === "clip") && parent.getBoundingClientRect().right <= root.clientWidth + 1)
          return true;
      }
      return false;
    }

    // A box that hides what is wider than it. Not clipping: an ellipsis (text-overflow shows the cut),
    // a screen-reader-only box (1 px wide, clipped on purpose) and a box not shown at all.
    function cutsOffContent(element: HTMLElement): boolean {
      const style = getComputedStyle(element);
      // A form field scrolls its own value under the caret: a long value is reachable, not cut.
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return false;
      if (style.overflowX !== "hidden" && style.overflowX !== "clip") return false;
      if (style.textOverflow === "ellipsis" || element.clientWidth <= 1 || style.clip !== "auto" || style.visibility === "hidden") return false;
      return element.scrollWidth > element.clientWidth + 1;
    }
  });
}

/** Where the page's h1 and its first piece of content (the first block after the header) end, in pixels from the top. */
async function evidenceOf(page: Page) {
  return page.evaluate(() => {
    const h1 = document.querySelector("main h1");
    const header = h1?.closest("header") ?? h1;
    const blocks = [
      ...document.querySelectorAll("main table, main section, main ol, main ul, main form, main [role=region], main [role=group], main p, main dl"),
    ].filter(
      (element) =>
        header &&
        !header.contains(element) &&
        header.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING &&
        element.getBoundingClientRect().height > 0,
    );
    const first = blocks[0];
    return {
      h1Bottom: h1 ? h1.getBoundingClientRect().bottom : null,
      content: first ? `${first.tagName.toLowerCase()} "${(first.textContent ?? "").trim().slice(0, 40)}"` : null,
      contentTop: first ? first.getBoundingClientRect().top : null,
    };
  });
}

for (const size of sizes) {
  for (const scheme of schemes) {
    test.describe(`${size.width}x${size.height} ${scheme}`, () => {
      test.use({ storageState: authFile("admin"), viewport: size, colorScheme: scheme });

      test("every page fits the window and shows its main evidence in the first screen", async ({ page }) => {
        test.setTimeout(300_000);
        const urls = pageUrls();
        expect(urls.length).toBeGreaterThanOrEqual(12);
        for (const url of urls) {
          await page.goto(url);
          await expect(page.locator("main h1").first(), url).toBeVisible();
          await page.screenshot({
            path: path.join(shotsDir, `${url.slice(1).replaceAll("/", "_").replace(seeded.heavyTraceId, "heavy")}-${size.width}x${size.height}-${scheme}.png`),
          });
          const overflow = await overflowOf(page);
          expect.soft(overflow.scrollWidth, `${url}: wider than the window (${overflow.offenders.join("; ")})`).toBeLessThanOrEqual(overflow.clientWidth + 1);
          expect.soft(overflow.offenders, `${url}: cut off at the right`).toEqual([]);
          expect.soft(overflow.clipped, `${url}: content cut off by an overflow: hidden box`).toEqual([]);
          expect.soft(await contrastFailures(page), `${url}: contrast below WCAG AA`).toEqual([]);
          const evidence = await evidenceOf(page);
          expect.soft(evidence.h1Bottom, `${url}: h1 below the first screen`).toBeLessThanOrEqual(size.height);
          expect.soft(evidence.contentTop, `${url}: first content ${evidence.content} below the first screen`).toBeLessThan(size.height);
          if (scheme === "dark") {
            const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
            expect.soft(background, `${url}: dark mode should darken the page`).not.toMatch(/oklch\(0\.9|oklch\(9\d|rgb\(2[45]\d/);
          }
        }
      });
    });
  }
}

test("the sign-in page at both sizes and in both modes", async ({ browser }) => {
  for (const size of sizes) {
    for (const scheme of schemes) {
      const context = await browser.newContext({ viewport: size, colorScheme: scheme });
      const page = await context.newPage();
      await page.goto("/login");
      await expect(page.getByRole("heading", { level: 1, name: "Sign in to Goodhart" })).toBeVisible();
      await page.screenshot({ path: path.join(shotsDir, `login-${size.width}x${size.height}-${scheme}.png`) });
      const overflow = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
      expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth + 1);
      expect.soft(await contrastFailures(page), `login ${size.width}x${size.height} ${scheme}: contrast below WCAG AA`).toEqual([]);
      await expect(page.getByRole("button", { name: "Sign in" })).toBeInViewport();
      await context.close();
    }
  }
});

test("the overflow check catches text cut off by an overflow: hidden box, and not an ellipsis or a long field value", async ({ page }) => {
  const long = "a sentence far wider than its box, ".repeat(8);
  await page.setContent(`<main>
    <div id="cut" style="width: 120px; overflow: hidden; white-space: nowrap">${long}</div>
    <div id="ellipsis" style="width: 120px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis">${long}</div>
    <input id="field" style="width: 120px" value="${long}">
  </main>`);
  const { clipped } = await overflowOf(page);
  expect(clipped).toHaveLength(1);
  expect(clipped[0]).toMatch(/^div#cut\. shows 120 of \d+ px/);
});
