// POST /api/documents: the Add document dialog (a reviewer or admin); stores the document and queues its mining.
import { NextResponse } from "next/server";
import { documentInputSchema, MAX_DOCUMENT_BODY_BYTES } from "@/lib/documents/document-input-schema";
import { uploadDocument } from "@/lib/tasks/upload-document";
import { readJsonBody } from "@/lib/next/read-json-body";
import { withSession } from "@/lib/next/with-auth";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = withSession(
  async (request, { db, member }) => {
    const input = documentInputSchema.parse(await readJsonBody(request, { maxBytes: MAX_DOCUMENT_BODY_BYTES, advice: "split the document into smaller ones" }));
    const document = await uploadDocument(db, { projectId: member.projectId, input });
    return NextResponse.json(document, { status: document.created ? 201 : 200 });
  },
  { role: "reviewer" },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
