import { randomUUID } from "node:crypto";
import { findIdleSqliteConnection, type Db } from "../db/client";
import { timeText } from "../db/insert-rows";
import { retryOnBusy } from "../db/retry-on-busy";
import { retryOnIdleSqlite } from "../db/retry-on-idle-sqlite";
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
  // The same hash is the same text: its length is known without reading the stored copy back.
  const chars = text.length;
  const existing = await db.document.findUnique({ where, select: shown });
  if (existing) return view(existing, chars, false);
  const row = { projectId, externalId: contentHash, title: input.name, content: text, contentType, source: input.source ?? input.name };
  const sqlite = await findIdleSqliteConnection(db);
  if (sqlite) {
    // Through the driver: Prisma's SQLite path spends seconds of blocked event loop on a 24 MiB text.
    const id = randomUUID();
    const { changes } = await retryOnIdleSqlite(sqlite, (connection) =>
      connection
        .prepare(`INSERT INTO "Document" ("id", "projectId", "externalId", "title", "content", "contentType", "source", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT ("projectId", "externalId") DO NOTHING`)
        .run(id, row.projectId, row.externalId, row.title, row.content, row.contentType, row.source, timeText(new Date())),
    );
    if (changes === 1) return view({ id, ...row }, chars, true);
    return view(await db.document.findUniqueOrThrow({ where, select: shown }), chars, false);
  }
  try {
    const created = await retryOnBusy(() => db.document.create({ data: row, select: shown }));
    return view(created, chars, true);
  } catch (error) {
    // Two uploads of the same text raced: the other one's row stands.
    if ((error as { code?: string }).code !== "P2002") throw error;
    const raced = await db.document.findUnique({ where, select: shown });
    if (!raced) throw error;
    return view(raced, chars, false);
  }
}

const shown = { id: true, title: true, externalId: true, contentType: true, source: true } as const;

function view(row: { id: string; title: string; externalId: string; contentType: string; source: string | null }, chars: number, created: boolean): AddedDocument {
  return { id: row.id, title: row.title, contentHash: row.externalId, contentType: row.contentType, source: row.source, chars, created };
}
