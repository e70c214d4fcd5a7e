import { AppError, type ErrorCode } from "../errors/app-error";
import { decodeUtf8 } from "../json/decode-utf8";
import { documentContentTypes, type DocumentContentType, type DocumentInput } from "./document-input-schema";
import { htmlToText } from "./html-to-text";
import { pdfToText } from "./pdf-to-text";

const byExtension: Record<string, DocumentContentType> = {
  txt: "text/plain", text: "text/plain", md: "text/markdown", markdown: "text/markdown", html: "text/html", htm: "text/html", xhtml: "text/html", pdf: "application/pdf",
};
const aliases: Record<string, DocumentContentType> = { "text/x-markdown": "text/markdown", "application/xhtml+xml": "text/html" };

/** An error about one field of the body, named as zod names them: `path: message`, details [{path, message}]. */
function fieldError(code: ErrorCode, path: string, message: string, extra: Record<string, unknown> = {}) {
  return new AppError(code, `${path}: ${message}`, [{ path, message, ...extra }]);
}

/** The content type a document is read as: the one sent (parameters such as charset ignored), else by the name's extension, else plain text. */
export function resolveContentType({ name, contentType }: Pick<DocumentInput, "name" | "contentType">): DocumentContentType {
  if (contentType) {
    const bare = contentType.split(";")[0]!.trim();
    const known = (documentContentTypes as readonly string[]).includes(bare) ? (bare as DocumentContentType) : aliases[bare];
    if (known) return known;
    throw fieldError("unsupported_media_type", "contentType", `${bare} is not a document type this reads (one of ${documentContentTypes.join(", ")})`);
  }
  const extension = name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return (extension && byExtension[extension]) || "text/plain";
}

/**
 * The text stored for a document: base64 decoded as strict UTF-8 (a PDF's text read from its bytes),
 * HTML converted to text, line endings made "\n". A body that decodes to nothing is refused: a
 * document with no text has nothing to mine.
 */
export async function readDocumentText(input: Pick<DocumentInput, "name" | "contentType" | "text" | "base64">): Promise<{ text: string; contentType: DocumentContentType }> {
  const contentType = resolveContentType(input);
  const field = input.text !== undefined ? "text" : "base64";
  if (contentType === "application/pdf" && input.text !== undefined) throw fieldError("bad_request", "text", "a PDF is sent as base64 (its bytes), not as text");
  const raw = contentType === "application/pdf" ? await pdfToText(decodeBase64Bytes(input.base64 ?? "")) : (input.text ?? decodeBase64Text(input.base64 ?? ""));
  const normalized = raw.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const text = contentType === "text/html" ? await htmlToText(normalized).catch((error: unknown) => {
    throw error instanceof AppError ? fieldError(error.code, field, error.message) : error;
  }) : normalized;
  if (text.trim() === "") throw fieldError("bad_request", field, `the document has no text${contentType === "text/html" ? " once its markup is removed" : contentType === "application/pdf" ? " layer (a scanned PDF needs OCR first)" : ""}`);
  return { text, contentType };
}

function decodeBase64Bytes(base64: string): Uint8Array {
  const compact = base64.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) throw fieldError("bad_request", "base64", "not base64 (A-Z, a-z, 0-9, +, / and = padding)");
  return new Uint8Array(Buffer.from(compact, "base64"));
}

function decodeBase64Text(base64: string): string {
  const decoded = decodeUtf8(Buffer.from(decodeBase64Bytes(base64)));
  if (!decoded.ok) throw fieldError("bad_request", "base64", `the decoded file is not UTF-8 text (${decoded.error}, line ${decoded.line})`, { line: decoded.line, byteOffset: decoded.byteOffset });
  return decoded.text;
}
