import type { Db } from "../db/client";
import { addDocument, type AddedDocument } from "../documents/add-document";
import type { DocumentInput } from "../documents/document-input-schema";
import { startDocumentMining } from "./mine-document-job";

export type UploadedDocument = AddedDocument & { miningJobId: string | null };

/**
 * What an upload does (the API, the web dialog, the CLI): stores the document and, unless told not
 * to, queues its mining; the same text again is the same document and the same mining job. It lives
 * with mining, not in lib/documents, because the upload's answer carries the mining job's id (the
 * CLI runs it in place, the dialog links to it): the one follow-up queued in the call itself rather
 * than from a pipeline event.
 */
export async function uploadDocument(db: Db, { projectId, input }: { projectId: string; input: DocumentInput }): Promise<UploadedDocument> {
  const { mine, ...rest } = input;
  const document = await addDocument(db, { projectId, input: rest });
  if (!mine) return { ...document, miningJobId: null };
  const { job } = await startDocumentMining(db, { projectId, documentId: document.id });
  return { ...document, miningJobId: job.id };
}
