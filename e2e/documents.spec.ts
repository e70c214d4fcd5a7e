import { expect, test } from "@playwright/test";
import { buildPdf } from "../lib/testing/build-pdf";
import { baseURL } from "../playwright.config";
import { authFile, workInOwnProject } from "./session";

// The spec's own project, made before its tests (e2e/spec-project.ts); every page opens in it.
workInOwnProject("documents");

test.use({ storageState: authFile("reviewer") });

// The PDF reader (pdf.js, loaded at run time from node_modules) inside the built server, not only in tests.
test("a PDF added through the running app is stored as the text of its page, and again as the same document", async ({ page }) => {
  const marker = `pdf${Date.now().toString(36)}`;
  const lines = [`The ${marker} harbour opened on 12 May 1887.`, "Its lighthouse is 58 metres tall."];
  const body = { name: `${marker}.pdf`, base64: buildPdf(lines).toString("base64"), mine: false };
  const add = () => page.request.post("/api/documents", { headers: { origin: baseURL, "content-type": "application/json" }, data: body });
  const response = await add();
  expect(response.status()).toBe(201);
  const made = (await response.json()) as { id: string; contentType: string; chars: number; created: boolean };
  expect(made).toMatchObject({ contentType: "application/pdf", chars: lines.join("\n").length, created: true });
  const again = await add();
  expect(again.status()).toBe(200);
  expect(await again.json()).toMatchObject({ id: made.id, created: false });
});
