import type { Db } from "../db/client";
import { startDocumentMining } from "../tasks/mine-document-job";
import { addDocument, type AddedDocument } from "./add-document";
import type { DocumentInput } from "./document-input-schema";

export type UploadedDocument = AddedDocument & { miningJobId: string | null };

/**
 * What an upload does (the API, the web dialog, the CLI): stores the document and, unless told not
 * to, queues its mining; the same text again is the same document and the same mining job.
 */
export async function uploadDocument(db: Db, { projectId, input }: { projectId: string; input: DocumentInput }): Promise<UploadedDocument> {
  const { mine, ...rest } = input;
  const document = await addDocument(db, { projectId, input: rest });
  if (!mine) return { ...document, miningJobId: null };
  const { job } = await startDocumentMining(db, { projectId, documentId: document.id });
  return { ...document, miningJobId: job.id };
}
