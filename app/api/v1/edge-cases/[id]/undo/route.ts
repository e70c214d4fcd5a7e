// POST /api/v1/edge-cases/{id}/undo: takes back a decision made within the last 24 hours, in the name of the key's creator (reviewer or admin).
import { NextResponse } from "next/server";
import { withApiKey } from "@/lib/next/with-auth";
import { resolveApiReviewer } from "@/lib/review/resolve-api-reviewer";
import { undoEdgeCaseDecision } from "@/lib/review/undo-edge-case-decision";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = withApiKey(async (_request, { db, key, params }) => {
  const reviewer = await resolveApiReviewer(db, { apiKeyId: key.apiKeyId, projectId: key.projectId, keyName: key.name });
  return NextResponse.json(await undoEdgeCaseDecision(db, { projectId: key.projectId, id: String(params.id), reviewer }));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
