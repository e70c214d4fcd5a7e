import { expect, test } from "@playwright/test";
import { buildPdf } from "../lib/testing/build-pdf";
import { baseURL } from "../playwright.config";
import { authFile } from "./session";

test.use({ storageState: authFile("reviewer") });

test("a PDF added through the running app is stored as its text and mined into cloze tasks", async ({ page }) => {
  const marker = `pdf${Date.now().toString(36)}`;
  const lines = [`The ${marker} harbour opened on 12 May 1887.`, "Its lighthouse is 58 metres tall."];
  const response = await page.request.post("/api/documents", {
    headers: { origin: baseURL, "content-type": "application/json" },
    data: { name: `${marker}.pdf`, base64: buildPdf(lines).toString("base64") },
  });
  expect(response.status()).toBe(201);
  const made = (await response.json()) as { id: string; contentType: string; chars: number; miningJobId: string };
  expect(made).toMatchObject({ contentType: "application/pdf", chars: lines.join("\n").length });

  // The worker mines it: with no llm judge in the project, into cloze tasks whose prompts quote the PDF's sentences.
  const jobStatus = async () => ((await (await page.request.get("/api/jobs")).json()) as { jobs: { id: string; status: string }[] }).jobs.find((job) => job.id === made.miningJobId)?.status;
  await expect.poll(jobStatus, { timeout: 60_000 }).toBe("succeeded");
  await page.goto("/tasks");
  await expect(page.getByRole("table").getByText(marker).first()).toBeVisible();
});
