import { describe, expect, it } from "vitest";
import { assemblePdf, buildSharedStreamPdf, pdfTextContent } from "../testing/build-pdf";
import { pdfLimits, pdfToText, type PdfLimits } from "./pdf-to-text";

// The hostile PDFs of issue 21, built here and scaled down so each test takes seconds; the caps scale
// with them (a 64 MB flate bomb against a 128 MB reader stands for 512 MB against the default 384 MB).
// The reader runs in a child process: this process's resident memory must not grow by more than
// `budgetMb` while it reads, however much the reader needed.
const budgetMb = 48;
const oneLine = pdfTextContent(["x"]);

/** Reads the PDF with these limits, sampling this process's RSS meanwhile; the error thrown, if any, and the peak growth. */
async function readWatched(pdf: Buffer, limits: Partial<PdfLimits> = {}) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  try {
    const text = await pdfToText(new Uint8Array(pdf), { ...pdfLimits, ...limits });
    return { text, error: null, grownMb: (peak - before) / 2 ** 20, ms: performance.now() - started };
  } catch (error) {
    return { text: null, error: error as { status: number; message: string; details: unknown[] }, grownMb: (peak - before) / 2 ** 20, ms: performance.now() - started };
  } finally {
    clearInterval(sampler);
  }
}

describe("a hostile PDF", () => {
  it("nested 100,000 arrays deep is a 400 saying its structure is nested too deeply", async () => {
    const pdf = buildSharedStreamPdf({ pages: 1, content: oneLine, pageExtra: `/Junk ${"[".repeat(100_000)}${"]".repeat(100_000)} ` });
    const { error, grownMb } = await readWatched(pdf);
    expect(error).toMatchObject({ status: 400, message: "base64: the PDF cannot be read: its structure is nested too deeply to read", details: [{ path: "base64" }] });
    expect(grownMb).toBeLessThan(budgetMb);
  });

  it("with dictionaries nested 50,000 deep is a 400 saying its structure is nested too deeply", async () => {
    const pdf = buildSharedStreamPdf({ pages: 1, content: oneLine, pageExtra: `/Junk ${"<< /A ".repeat(50_000)}${">> ".repeat(50_000)} ` });
    const { error } = await readWatched(pdf);
    expect(error).toMatchObject({ status: 400, message: "base64: the PDF cannot be read: its structure is nested too deeply to read" });
  });

  it("whose page tree's Kids point back to its parent is a 400 naming the cycle", async () => {
    const pdf = assemblePdf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", "<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>"]);
    const { error } = await readWatched(pdf);
    expect(error).toMatchObject({ status: 400, message: expect.stringContaining("its page tree refers back to itself") });
  });

  it("with a flate bomb of 64 MB of zeros in its content stream is a 422 naming the memory limit, and this process does not grow", async () => {
    const pdf = buildSharedStreamPdf({ pages: 1, content: Buffer.concat([oneLine, Buffer.alloc(64 * 2 ** 20)]), filter: "FlateDecode" });
    expect(pdf.length).toBeLessThan(200 * 1024);
    const { error, grownMb } = await readWatched(pdf, { memoryMb: 128 });
    expect(error).toMatchObject({ status: 422, message: expect.stringContaining("reading the PDF needs more than 128 MB of memory (the limit)") });
    expect(grownMb).toBeLessThan(budgetMb);
  }, 30_000);

  describe("of 2,000 pages sharing one content stream", () => {
    const lines = Array.from({ length: 40 }, (_, i) => `Line ${i} of the one page every page of this document draws.`);
    const pdf = buildSharedStreamPdf({ pages: 2_000, content: pdfTextContent(lines) });

    it("is stored up to the character cap, saying where it stopped, without reading the other pages", async () => {
      const { text, grownMb, ms } = await readWatched(pdf, { maxChars: 20_000 });
      expect(text!.startsWith(`${lines.join("\n")}\n\n${lines[0]}`)).toBe(true);
      expect(text!.endsWith("\n\n[text past 20,000 characters not read]")).toBe(true);
      expect(text!.length).toBeLessThan(20_000 + 100);
      expect(ms).toBeLessThan(10_000);
      expect(grownMb).toBeLessThan(budgetMb);
    });

    it("is a 422 naming the time limit when reading it takes longer, and the reader is stopped then", async () => {
      // All 2,000 pages (2.4 M characters) take seconds to read; the reader is given half a second.
      const { error, ms } = await readWatched(pdf, { timeoutMs: 500 });
      expect(error).toMatchObject({ status: 422, message: "base64: the PDF could not be read within 0.5 s (the limit)" });
      expect(ms).toBeLessThan(5_000);
    });

    it("is read past the page cap only to say which pages were not read", async () => {
      const { text } = await readWatched(buildSharedStreamPdf({ pages: 5, content: pdfTextContent(["Only line."]) }), { maxPages: 3 });
      expect(text).toBe("Only line.\n\nOnly line.\n\nOnly line.\n\n[pages 4 to 5 not read]");
    });
  });

  it("waits its turn beyond the concurrent readers, and is refused with 503 when the queue is full", async () => {
    const pdf = buildSharedStreamPdf({ pages: 1, content: pdfTextContent(["Queued."]) });
    const limits = { ...pdfLimits, concurrent: 1, queued: 1 };
    const reads = [pdfToText(new Uint8Array(pdf), limits), pdfToText(new Uint8Array(pdf), limits), pdfToText(new Uint8Array(pdf), limits)];
    const settled = await Promise.allSettled(reads);
    expect(settled.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "rejected"]);
    expect((settled[2] as PromiseRejectedResult).reason).toMatchObject({ status: 503, retryAfterSeconds: 5 });
  });
});
