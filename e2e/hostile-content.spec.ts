import { execFileSync } from "node:child_process";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { signInContext } from "./session";

// Hostile text in every field a page shows, in a project of its own (e2e/seed-hostile.ts), read in
// the real browser: nothing runs, no dialog opens, no javascript: link exists, and the text is shown
// as text. Searches with SQL and LIKE/regex metacharacters find exactly the traces holding them.

type Seeded = {
  user: { email: string; password: string };
  projectSlug: string;
  traceId: string;
  runId: string;
  rubricVersionId: string;
  draftVersionId: string;
  payloads: Record<"script" | "img" | "svg" | "anchor" | "markdownLink" | "markdownImage" | "raw" | "bidi", string>;
  environment: string;
  runName: string;
  toolName: string;
};

const tag = `h${Date.now().toString(36)}`;
const env = { ...process.env, DATABASE_URL: "file:./data/e2e/goodhart.db", GOODHART_DATA_DIR: "./data/e2e" };
let seeded: Seeded;
let signedIn: Awaited<ReturnType<BrowserContext["storageState"]>>;

/** A page signed in as the seeded admin, who belongs to the hostile project only, so every page opens in it. */
async function openSignedIn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: signedIn, baseURL });
  return context.newPage();
}

test.beforeAll(async () => {
  const out = execFileSync(process.execPath, ["--import", "tsx", "e2e/seed-hostile.ts", tag], { env, encoding: "utf8" });
  seeded = JSON.parse(out.trim().split("\n").at(-1)!) as Seeded;
  const context = await signInContext(baseURL, seeded.user.email, seeded.user.password);
  signedIn = await context.storageState();
  await context.dispose();
});

/** Collects every dialog (dismissed, so the page goes on) from the moment the page is opened. */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

/** What a payload would leave behind had it run or been parsed as markup. */
async function findTraces(page: Page) {
  return page.evaluate(() => {
    const scriptUrl = (value: string | null) => value !== null && /^javascript:/i.test(value.replace(/[\p{Cc}\s]/gu, ""));
    // React's own stand-in on a form whose action is a function, there to stop a submit before hydration.
    const isReactFormGuard = (el: Element, name: string) =>
      ["action", "formaction"].includes(name) &&
      /^javascript:throw new Error\('(A )?React form (was )?unexpectedly submitted/.test(el.getAttribute(name) ?? "");
    const elements = [...document.querySelectorAll("*")];
    return {
      ran: (window as unknown as { hostileRan?: unknown }).hostileRan ?? null,
      scriptLinks: elements.flatMap((el) =>
        ["href", "src", "action", "formaction", "xlink:href", "data"]
          .filter((name) => scriptUrl(el.getAttribute(name)) && !isReactFormGuard(el, name))
          .map((name) => `<${el.tagName.toLowerCase()} ${name}="${el.getAttribute(name)}">`),
      ),
      handlers: elements.filter((el) => [...el.attributes].some((attribute) => /^on/i.test(attribute.name))).map((el) => el.outerHTML.slice(0, 120)),
      injected: document.querySelectorAll('img[src="x"], svg[onload], circle[r="9"]').length,
    };
  });
}

/** The page's width and what sticks out past the window: long words should wrap inside their boxes. */
function measureOverflow(page: Page) {
  return page.evaluate(() => {
    const hasScrollingAncestor = (el: Element): boolean => {
      for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== "visible") return true;
      }
      return false;
    };
    return {
      pageWidth: document.documentElement.scrollWidth,
      elements: [...document.querySelectorAll("body *")]
        // Inside a box that scrolls sideways (a wide table), sticking out is what the box is for.
        .filter((el) => el.children.length === 0 && el.getBoundingClientRect().right > window.innerWidth + 1 && !hasScrollingAncestor(el))
        .map((el) => `<${el.tagName.toLowerCase()}> ${(el.textContent ?? "").slice(0, 40)} ends at ${Math.round(el.getBoundingClientRect().right)}px`),
    };
  });
}
const withinWindow = (page: Page) => ({ pageWidth: page.viewportSize()!.width, elements: [] });

async function expectShownAsText(page: Page, dialogs: string[], texts: string[]) {
  const body = page.locator("body");
  for (const text of texts) await expect(body).toContainText(text, { useInnerText: true });
  expect(await findTraces(page)).toEqual({ ran: null, scriptLinks: [], handlers: [], injected: 0 });
  expect(dialogs).toEqual([]);
}

test("the payloads run when a page parses them as markup, so their absence below means something", async ({ browser }) => {
  const page = await browser.newPage();
  const dialogs = watchDialogs(page);
  const { img, svg, anchor } = seeded.payloads;
  await page.setContent(`<div>${img}${svg}${anchor}</div>`);
  await expect.poll(() => dialogs.length).toBeGreaterThan(0);
  const found = await findTraces(page);
  expect(found).toMatchObject({ ran: 1, handlers: [expect.stringContaining("onerror"), expect.stringContaining("onload")], injected: 3 });
  expect(found.scriptLinks).toEqual(['<a href="javascript:window.hostileRan=1;alert(1)">']);
  await page.close();
});

test("every page that shows the hostile project's text shows it as text and runs none of it", async ({ browser }) => {
  const page = await openSignedIn(browser);
  const dialogs = watchDialogs(page);
  const { payloads, environment, runName, toolName, traceId, runId, rubricVersionId, draftVersionId } = seeded;
  const pages: { path: string; heading: string | RegExp; texts: string[] }[] = [
    { path: "/traces", heading: "Traces", texts: [`${tag}-hostile ${payloads.script}`, `input ${tag} ${payloads.script}`] },
    {
      path: `/traces/${traceId}`,
      heading: `Trace ${tag}-hostile ${payloads.script}`,
      texts: [
        toolName,
        payloads.anchor.replace(/"/g, '\\"'),
        `key ${payloads.script}`,
        `user ${tag} ${payloads.script} ${payloads.img} ${payloads.svg}`,
        payloads.bidi,
        `rationale ${tag} ${payloads.script}`,
        `case ${tag} ${payloads.script}`,
        environment,
        runName,
      ],
    },
    { path: "/runs", heading: "Training runs", texts: [runName] },
    { path: `/runs/${runId}`, heading: runName, texts: [`event ${tag} ${payloads.img}`, `metric ${tag} ${payloads.img}`] },
    { path: "/rubrics", heading: "Rubrics", texts: [`rubric ${tag} ${payloads.img}`, `environment ${environment}`] },
    {
      path: `/rubrics/${rubricVersionId}`,
      heading: new RegExp(`rubric ${tag}`),
      texts: [`question ${tag} ${payloads.script}`, `tool question ${tag} ${payloads.anchor}`, `prompt ${payloads.script}`],
    },
    { path: `/rubrics/${draftVersionId}`, heading: new RegExp(`rubric ${tag}.* v2 \\(draft\\)`), texts: [`issue ${payloads.svg}`] },
    {
      path: "/hacks",
      heading: "Known hacks",
      texts: [`hack ${tag} ${payloads.img}`, `description ${tag} ${payloads.script}`, `recognition ${payloads.markdownLink}`],
    },
    { path: "/judges", heading: "Judges", texts: [`judge ${tag} ${payloads.img}`] },
    {
      path: "/review",
      heading: "Review queue",
      texts: [`case ${tag} ${payloads.script}`, `explanation ${payloads.script}`, `rationale ${tag} ${payloads.script}`],
    },
    { path: "/tasks", heading: "Tasks", texts: [`task-${tag} ${payloads.script}`, `prompt ${tag} ${payloads.script}`, environment] },
    { path: "/settings", heading: "Settings", texts: [seeded.user.email] },
  ];
  const overflows: { path: string; pageWidth: number; elements: string[] }[] = [];
  for (const { path, heading, texts } of pages) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expectShownAsText(page, dialogs, texts);
      overflows.push({ path, ...(await measureOverflow(page)) });
    });
  }
  expect(overflows).toEqual(pages.map(({ path }) => ({ path, ...withinWindow(page) })));
});

test("file names that carry markup are shown as text in the document and import dialogs and on /jobs", async ({ browser }) => {
  const page = await openSignedIn(browser);
  const dialogs = watchDialogs(page);
  // A file name cannot hold a slash, so the payload here is the one without a closing tag.
  const documentName = `${seeded.payloads.img} ${tag}.md`;
  await page.goto("/tasks");
  await page.getByRole("button", { name: "Add document" }).click();
  const addDocument = page.getByRole("dialog", { name: "Add document" });
  await addDocument
    .getByLabel("Document file")
    .setInputFiles({ name: documentName, mimeType: "text/markdown", buffer: Buffer.from(`# Harbour ${tag}\n\nThe harbour opened in 1887.\n`) });
  await expect(addDocument.getByLabel("Name")).toHaveValue(documentName);
  await addDocument.getByRole("button", { name: "Add", exact: true }).click();
  await expect(addDocument.getByTestId("add-document-result")).toContainText(`Added ${documentName}`);
  await expectShownAsText(page, dialogs, [documentName]);
  await addDocument.getByRole("button", { name: "Close" }).click();

  const traceFileName = `${seeded.payloads.img} ${tag}.jsonl`;
  await page.goto("/traces");
  await page.getByRole("button", { name: "Import traces" }).click();
  const importTraces = page.getByRole("dialog", { name: "Import traces" });
  const line = JSON.stringify({ externalId: `${tag}-uploaded`, environment: "uploaded", input: `uploaded ${seeded.payloads.svg}` });
  await importTraces.getByLabel("Trace file").setInputFiles({ name: traceFileName, mimeType: "application/x-ndjson", buffer: Buffer.from(`${line}\n`) });
  await importTraces.getByRole("button", { name: "Upload and import" }).click();
  await expect(importTraces.getByTestId("import-result")).toHaveText("1 accepted, 0 duplicates, 0 rejected", { timeout: 30_000 });
  await expectShownAsText(page, dialogs, []);
  await importTraces.getByRole("button", { name: "Close" }).click();

  await page.goto("/jobs");
  await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
  await expectShownAsText(page, dialogs, []);
});

test("trace filters with SQL and LIKE/regex metacharacters find exactly the traces that hold them", async ({ browser }) => {
  const page = await openSignedIn(browser);
  const dialogs = watchDialogs(page);
  const filters = page.getByRole("search", { name: "Filter traces" });
  const search = async (field: "Search" | "Environment" | "Run", value: string) => {
    await page.goto("/traces");
    await filters.getByLabel(field).fill(value);
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get(field === "Search" ? "q" : field.toLowerCase()) === value);
    await expect(filters.getByLabel(field)).toHaveValue(value);
  };
  const expectOnly = async (externalIds: string[]) => {
    const table = page.getByRole("table", { name: "Traces" });
    if (externalIds.length === 0) {
      await expect(page.getByText("No traces match these filters.")).toBeVisible();
    } else {
      await expect(page.getByText(externalIds.length === 1 ? "1 trace matches" : `${externalIds.length} traces match`)).toBeVisible();
      for (const externalId of externalIds) await expect(table.getByRole("link", { name: externalId, exact: true })).toBeVisible();
    }
  };
  const cases: [string, string[]][] = [
    ["%", [`${tag}-percent`]],
    ["_", [`${tag}-underscore`]],
    [".*(", [`${tag}-regex`]],
    ["\\", [`${tag}-backslash`]],
    ["' OR 1=1 --", [`${tag}-sql`]],
    // As wildcards these would match "100% of" and "snake".
    ["1%f", []],
    ["s_a", []],
    ["\\t", [`${tag}-backslash`]],
    ['"; DROP TABLE "Trace"; --', []],
  ];
  for (const [q, expected] of cases) {
    await test.step(`search ${q}`, async () => {
      await search("Search", q);
      await expectOnly(expected);
    });
  }
  await test.step("environment ' OR 1=1 --", async () => {
    await search("Environment", "' OR 1=1 --");
    await expectOnly([`${tag}-sql`]);
  });
  await test.step("environment %", async () => {
    await search("Environment", "%");
    await expectOnly([]);
  });
  await test.step("run named with markup", async () => {
    await search("Run", seeded.runName);
    await expectOnly([
      `${tag}-hostile ${seeded.payloads.script}`,
      `${tag}-percent`,
      `${tag}-underscore`,
      `${tag}-regex`,
      `${tag}-backslash`,
      `${tag}-sql`,
      `${tag}-plain`,
    ]);
  });
  await expectShownAsText(page, dialogs, []);
});

test("the review queue's environment filter takes markup and metacharacters as the name they spell", async ({ browser }) => {
  const page = await openSignedIn(browser);
  const dialogs = watchDialogs(page);
  const caseTitle = `case ${tag} ${seeded.payloads.script}`;
  const filters = page.getByRole("search", { name: "Filter cases" });
  await page.goto("/review");
  await expect(page.getByRole("listitem", { name: caseTitle })).toBeVisible();
  const filterBy = async (environment: string) => {
    await filters.getByLabel("Environment").fill(environment);
    await filters.getByLabel("Environment").press("Enter");
  };
  // Each wrong name starts from the case shown under its own name, so "no cases" is the answer to it.
  for (const wrong of ["%", "' OR 1=1 --", ".*", "_"]) {
    await test.step(`environment ${wrong}`, async () => {
      await filterBy(seeded.environment);
      await expect(page.getByRole("listitem", { name: caseTitle })).toBeVisible();
      await filterBy(wrong);
      await expect(page.getByText("No cases match these filters")).toBeVisible();
      await expect(page.getByRole("listitem", { name: caseTitle })).toHaveCount(0);
    });
  }
  await expectShownAsText(page, dialogs, []);
});

test("the trace's long texts, opened in full and as raw JSON, stay text and keep the page its width", async ({ browser }) => {
  const page = await openSignedIn(browser);
  const dialogs = watchDialogs(page);
  const all = Object.values(seeded.payloads).join(" ");
  await page.goto(`/traces/${seeded.traceId}`);
  await expect(page.getByRole("heading", { level: 1, name: `Trace ${tag}-hostile` })).toBeVisible();
  // The steps load after the page; every one is in before the long texts are opened.
  await expect(page.getByRole("article", { name: "Step 3" })).toBeVisible();
  const expanders = page.getByRole("button", { name: /^Expand / });
  // Each press turns its button into "Collapse …", so the first one left is always a new one.
  while ((await expanders.count()) > 0) await expanders.first().click();
  await page.getByRole("button", { name: "Show raw JSON" }).click();
  await expect(page.getByTestId("raw-json")).toContainText(`"externalId": "${tag}-hostile <script>window.hostileRan=1;alert(1)</script>"`);
  await expectShownAsText(page, dialogs, [`reply ${tag} ${all} ${"W".repeat(6_000)} end of the long string`, `rationale ${tag} ${all}`, seeded.payloads.bidi]);
  expect(await measureOverflow(page)).toEqual(withinWindow(page));
});
