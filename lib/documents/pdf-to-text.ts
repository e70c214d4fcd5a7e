import { AppError } from "../errors/app-error";

/** Largest PDF read: pages past it are not read, and the document says so rather than ending silently. */
const maxPages = 2_000;

/**
 * The text of a PDF, page by page (pages separated by a blank line, lines as the PDF breaks them), read
 * with Mozilla's pdf.js. No fonts are loaded and no script runs: only the text layer is read.
 */
export async function pdfToText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  let document: Awaited<ReturnType<typeof pdfjs.getDocument>["promise"]>;
  try {
    document = await pdfjs.getDocument({ data: bytes, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, stopAtErrors: false, verbosity: 0 }).promise;
  } catch (error) {
    throw new AppError("bad_request", `base64: not a readable PDF (${(error as Error).message})`, [{ path: "base64", message: `not a readable PDF (${(error as Error).message})` }]);
  }
  try {
    const pages: string[] = [];
    for (let number = 1; number <= Math.min(document.numPages, maxPages); number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = "";
      for (const item of content.items) {
        if (!("str" in item)) continue;
        text += item.str + (item.hasEOL ? "\n" : "");
      }
      pages.push(text.trim());
      page.cleanup();
    }
    if (document.numPages > maxPages) pages.push(`[pages ${maxPages + 1} to ${document.numPages} not read]`);
    return pages.join("\n\n");
  } finally {
    await document.destroy();
  }
}
