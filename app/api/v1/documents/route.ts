// POST /api/v1/documents: add a document (text, Markdown or HTML, as text or base64) and queue its mining; 201 when new, 200 when the same text was there.
import { NextResponse } from "next/server";
import type { UploadedDocumentAnswer } from "@/lib/documents/document-answer-schema";
import { documentInputSchema, MAX_DOCUMENT_BODY_BYTES } from "@/lib/documents/document-input-schema";
import { uploadDocument } from "@/lib/tasks/upload-document";
import { readJsonBody } from "@/lib/next/read-json-body";
import { withApiKey } from "@/lib/next/with-auth";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = withApiKey(async (request, { db, key }) => {
  const input = documentInputSchema.parse(await readJsonBody(request, { maxBytes: MAX_DOCUMENT_BODY_BYTES, advice: "split the document into smaller ones" }));
  const document = await uploadDocument(db, { projectId: key.projectId, input });
  return NextResponse.json(document satisfies UploadedDocumentAnswer, { status: document.created ? 201 : 200 });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
