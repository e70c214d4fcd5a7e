import { describe, expect, it } from "vitest";
import { GET as getHealth } from "@/app/api/health/route";
import { POST as postV1 } from "@/app/api/v1/documents/route";
import { getDb } from "@/lib/db/client";
import { assemblePdf, buildSharedStreamPdf, deflateBomb, pdfTextContent } from "@/lib/testing/build-pdf";
import { uniqueName } from "@/lib/testing/factories";
import { callRoute, routeTestProjects } from "@/lib/next/route-test";

// It times /api/health while each PDF is read, so it runs in the "alone" projects (vitest.config.ts),
// with no other test file sharing the cores.
const db = getDb();
const [project] = routeTestProjects(["documents-hostile-pdf"]);
const post = (body: unknown) => callRoute(postV1, "/api/v1/documents", { body, headers: { authorization: `Bearer ${project.key}` } });

describe("POST /api/v1/documents with hostile PDFs (issue 21), at full size", () => {
  // This process's RSS may grow by at most this much while the route answers: the PDF is read in a child process.
  const budgetMb = 64;

  it("answers each with a 4xx naming what was wrong, or stores it within the caps, while /api/health answers within 1 s", async () => {
    const oneLine = pdfTextContent(["x"]);
    const sharedLines = Array.from({ length: 20 }, (_, i) => `Line ${i} ${uniqueName("shared")} drawn on every page.`);
    const cases: [string, Buffer, number, string][] = [
      ["arrays nested 100,000 deep", buildSharedStreamPdf({ pages: 1, content: oneLine, pageExtra: `/Junk ${"[".repeat(100_000)}${"]".repeat(100_000)} ` }), 400, "its structure is nested too deeply to read"],
      ["dictionaries nested 50,000 deep", buildSharedStreamPdf({ pages: 1, content: oneLine, pageExtra: `/Junk ${"<< /A ".repeat(50_000)}${">> ".repeat(50_000)} ` }), 400, "its structure is nested too deeply to read"],
      ["a page tree with a cycle", assemblePdf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", "<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>"]), 400, "its page tree refers back to itself"],
      ["a 512 MB flate bomb", buildSharedStreamPdf({ pages: 1, content: await deflateBomb(512), filter: "deflated" }), 422, "reading the PDF needs more than 384 MB of memory (the limit)"],
      ["2,000 pages sharing one content stream", buildSharedStreamPdf({ pages: 2_000, content: pdfTextContent(sharedLines) }), 201, ""],
    ];
    const before = process.memoryUsage().rss;
    let peak = before;
    let slowestHealthMs = 0;
    let healthAnswers = 0;
    let done = false;
    const pinger = (async () => {
      while (!done) {
        const started = performance.now();
        expect((await getHealth()).status).toBe(200);
        slowestHealthMs = Math.max(slowestHealthMs, performance.now() - started);
        healthAnswers++;
        peak = Math.max(peak, process.memoryUsage().rss);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    try {
      for (const [label, pdf, status, message] of cases) {
        const documents = await db.document.count({ where: { projectId: project.id } });
        const response = await post({ name: `${label}.pdf`, base64: pdf.toString("base64"), mine: false });
        const body = await response.json();
        expect({ label, status: response.status }).toEqual({ label, status });
        if (status === 201) {
          const stored = await db.document.findUniqueOrThrow({ where: { id: body.id } });
          expect(stored.content.split("\n\n")).toHaveLength(2_000);
          expect(stored.content.startsWith(sharedLines.join("\n"))).toBe(true);
        } else {
          expect(body.error.details[0]).toMatchObject({ path: "base64", message: expect.stringContaining(message) });
          expect(await db.document.count({ where: { projectId: project.id } })).toBe(documents);
        }
      }
    } finally {
      done = true;
      await pinger;
    }
    expect(healthAnswers).toBeGreaterThan(cases.length);
    expect(slowestHealthMs).toBeLessThan(1_000);
    expect((peak - before) / 2 ** 20).toBeLessThan(budgetMb);
  }, 120_000);
});
