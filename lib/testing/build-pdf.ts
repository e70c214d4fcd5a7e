import { Readable } from "node:stream";
import { createDeflate, deflateSync } from "node:zlib";

/** One PDF object: a dictionary or other value as text, or a stream (its dictionary gets /Length). */
export type PdfObject = string | { dictionary: string; stream: Buffer };

/** A PDF file of these objects, numbered from 1 (object 1 the catalog), with a correct cross-reference table. */
export function assemblePdf(objects: PdfObject[]): Buffer {
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n", "latin1")];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  const push = (part: Buffer) => {
    parts.push(part);
    length += part.length;
  };
  objects.forEach((object, i) => {
    offsets.push(length);
    if (typeof object === "string") push(Buffer.from(`${i + 1} 0 obj\n${object}\nendobj\n`, "latin1"));
    else {
      push(Buffer.from(`${i + 1} 0 obj\n<< ${object.dictionary} /Length ${object.stream.length} >>\nstream\n`, "latin1"));
      push(object.stream);
      push(Buffer.from("\nendstream\nendobj\n", "latin1"));
    }
  });
  const xref = length;
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  push(Buffer.from(tail, "latin1"));
  return Buffer.concat(parts);
}

const font = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
const textContent = (lines: string[]) => Buffer.from(`BT /F1 12 Tf 72 720 Td 16 TL ${lines.map((line) => `(${escape(line)}) Tj T*`).join(" ")} ET`, "latin1");

/**
 * A PDF of `pages` pages that all draw one content stream (objects: catalog, pages, font, content,
 * then the pages); `pageExtra` is written into each page's dictionary.
 */
export function buildSharedStreamPdf({ pages, content, filter, pageExtra = "" }: { pages: number; content: Buffer; filter?: "FlateDecode" | "deflated"; pageExtra?: string }): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 5} 0 R`).join(" ");
  const page = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R ${pageExtra}>>`;
  return assemblePdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    font,
    // "deflated": the content is already deflated (a bomb built by deflateBomb).
    { dictionary: filter ? "/Filter /FlateDecode" : "", stream: filter === "FlateDecode" ? deflateSync(content) : content },
    ...Array.from({ length: pages }, () => page),
  ]);
}

/** A one-page PDF whose text layer holds these lines (Helvetica, one line each): a fixture for the PDF reader. */
export function buildPdf(lines: string[]): Buffer {
  return buildSharedStreamPdf({ pages: 1, content: textContent(lines) });
}

/** The text-drawing content stream of these lines, for building larger fixtures. */
export const pdfTextContent = textContent;

/** A text line then `megabytes` MB of zeros, deflated a megabyte at a time, so the bomb is built without holding what it inflates to. */
export async function deflateBomb(megabytes: number): Promise<Buffer> {
  const zero = Buffer.alloc(2 ** 20);
  const parts: Buffer[] = [];
  const deflate = Readable.from((function* () {
    yield textContent(["x"]);
    for (let i = 0; i < megabytes; i++) yield zero;
  })()).pipe(createDeflate());
  for await (const part of deflate) parts.push(part as Buffer);
  return Buffer.concat(parts);
}
