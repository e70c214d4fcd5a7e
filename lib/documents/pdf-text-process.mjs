/* global process, Buffer */
// The PDF reader's own process (lib/documents/pdf-to-text.ts starts it): reads a PDF's bytes from
// stdin, its text layer with pdf.js, and writes one JSON line to stdout: {"text", "pages", "pagesRead",
// "truncated"} or {"error": {"kind", "message"}}. Plain JavaScript so that it runs the same under tsx
// (dev, the worker, the CLI) and beside the built Next app. The parent caps its memory, its time and
// its output; this caps pages and characters, so a document that is merely long stops early.
const [maxPages, maxChars] = process.argv.slice(2).map(Number);

function classify(error) {
  const message = String(error?.message ?? error);
  if (/call stack size/i.test(message)) return { kind: "nesting", message: "its structure is nested too deeply to read" };
  if (/circular reference|loop/i.test(message)) return { kind: "cycle", message: `its page tree refers back to itself (${message})` };
  return { kind: "unreadable", message };
}

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

async function readPdf(bytes) {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  // No fonts are loaded and no script runs: only the text layer is read.
  const document = await pdfjs.getDocument({ data: bytes, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, stopAtErrors: false, verbosity: 0 }).promise;
  try {
    const pages = [];
    let chars = 0;
    let truncated = false;
    for (let number = 1; number <= Math.min(document.numPages, maxPages); number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = "";
      for (const item of content.items) {
        if (!("str" in item)) continue;
        text += item.str + (item.hasEOL ? "\n" : "");
      }
      page.cleanup();
      text = text.trim();
      if (chars + text.length > maxChars) {
        pages.push(text.slice(0, Math.max(0, maxChars - chars)));
        truncated = true;
        break;
      }
      chars += text.length + 2;
      pages.push(text);
    }
    return { text: pages.join("\n\n"), pages: document.numPages, pagesRead: pages.length, truncated };
  } finally {
    await document.destroy();
  }
}

let answer;
try {
  answer = await readPdf(await readStdin());
} catch (error) {
  answer = { error: classify(error) };
}
process.stdout.write(`${JSON.stringify(answer)}\n`, () => process.exit(0));
