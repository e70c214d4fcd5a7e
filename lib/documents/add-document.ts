import type { Db } from "../db/client";
import { retryOnBusy } from "../db/retry-on-busy";
import type { DocumentInput } from "./document-input-schema";
import { hashDocumentText } from "./hash-document";
import { readDocumentText } from "./read-document-text";

export type AddedDocument = { id: string; title: string; contentHash: string; contentType: string; source: string | null; chars: number; created: boolean };

/**
 * Stores a document's text under its content hash. The same text again (whatever its name) answers
 * the stored document with created: false and changes nothing.
 */
export async function addDocument(db: Db, { projectId, input }: { projectId: string; input: Omit<DocumentInput, "mine"> }): Promise<AddedDocument> {
  const { text, contentType } = await readDocumentText(input);
  const contentHash = hashDocumentText(text);
  const where = { projectId_externalId: { projectId, externalId: contentHash } };
  const existing = await db.document.findUnique({ where });
  if (existing) return view(existing, false);
  try {
    const created = await retryOnBusy(() =>
      db.document.create({ data: { projectId, externalId: contentHash, title: input.name, content: text, contentType, source: input.source ?? input.name } }),
    );
    return view(created, true);
  } catch (error) {
    // Two uploads of the same text raced: the other one's row stands.
    if ((error as { code?: string }).code !== "P2002") throw error;
    const raced = await db.document.findUnique({ where });
    if (!raced) throw error;
    return view(raced, false);
  }
}

function view(row: { id: string; title: string; externalId: string; contentType: string; source: string | null; content: string }, created: boolean): AddedDocument {
  return { id: row.id, title: row.title, contentHash: row.externalId, contentType: row.contentType, source: row.source, chars: row.content.length, created };
}
