// GET /api/v1/edge-cases?status=open&kind=&rule=&environment=&run=&assignee=&limit=&offset=: the review queue for a project API key.
import { NextResponse } from "next/server";
import { findKeyMemberUserId } from "@/lib/api-keys/find-key-member";
import { withApiKey } from "@/lib/next/with-auth";
import { edgeCaseQuerySchema } from "@/lib/review/edge-case-schemas";
import { listEdgeCases } from "@/lib/review/list-edge-cases";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const GET = withApiKey(async (request, { db, key }) => {
  const query = edgeCaseQuerySchema.parse(Object.fromEntries(request.nextUrl.searchParams));
  // "mine" is the member the key was made for (api-key create --as EMAIL).
  const userId = query.assignee === "mine" ? await findKeyMemberUserId(db, { apiKeyId: key.apiKeyId, projectId: key.projectId }) : null;
  return NextResponse.json(await listEdgeCases(db, { projectId: key.projectId, userId, query }));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET");
