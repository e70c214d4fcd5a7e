import { describe, expect, it } from "vitest";
import { buildPdf } from "../testing/build-pdf";
import { readDocumentText } from "./read-document-text";

const lines = ["The harbour of Ostend opened in 1887.", "Its lighthouse (the Lange Nelle) is 58 metres tall."];

describe("a PDF document", () => {
  it("is read as the text of its pages, line by line, by its extension or its content type", async () => {
    const base64 = buildPdf(lines).toString("base64");
    const byName = await readDocumentText({ name: "harbour.pdf", base64 });
    expect(byName).toEqual({ contentType: "application/pdf", text: lines.join("\n") });
    const byType = await readDocumentText({ name: "harbour", contentType: "application/pdf", base64 });
    expect(byType.text).toBe(lines.join("\n"));
  });

  it("is refused at base64 when its bytes are not a readable PDF, and at text when sent as text", async () => {
    await expect(readDocumentText({ name: "broken.pdf", base64: Buffer.from("%PDF-1.4\n").toString("base64") })).rejects.toMatchObject({ details: [{ path: "base64" }] });
    await expect(readDocumentText({ name: "paper.pdf", text: "%PDF-1.4" })).rejects.toMatchObject({ details: [{ path: "text", message: "a PDF is sent as base64 (its bytes), not as text" }] });
  });

  it("with no text layer is refused as having no text", async () => {
    await expect(readDocumentText({ name: "scan.pdf", base64: buildPdf([]).toString("base64") })).rejects.toMatchObject({ details: [{ path: "base64", message: expect.stringContaining("a scanned PDF needs OCR first") }] });
  });
});
