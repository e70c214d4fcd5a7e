import { createHash } from "node:crypto";

/** A document's identity: the sha256 of its stored text, so the same text added twice is one document. */
export function hashDocumentText(text: string): string {
  return `sha256:${createHash("sha256").update(text, "utf8").digest("hex")}`;
}
