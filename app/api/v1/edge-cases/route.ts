// GET /api/v1/edge-cases?status=open&kind=&rule=&environment=&run=&assignee=&limit=&offset=: the review queue for a project API key.
import { NextResponse } from "next/server";
import { findKeyMember } from "@/lib/api-keys/find-key-member";
import { AppError } from "@/lib/errors/app-error";
import { withApiKey } from "@/lib/next/with-auth";
import { edgeCaseQuerySchema } from "@/lib/review/edge-case-schemas";
import { listEdgeCases } from "@/lib/review/list-edge-cases";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const GET = withApiKey(async (request, { db, key }) => {
  const query = edgeCaseQuerySchema.parse(Object.fromEntries(request.nextUrl.searchParams));
  // "mine" is the member the key was made for (api-key create --as EMAIL); a key made for none has no "mine".
  const member = query.assignee === "mine" ? await findKeyMember(db, { apiKeyId: key.apiKeyId, projectId: key.projectId }) : null;
  if (query.assignee === "mine" && !member) {
    const message = "assignee=mine lists the cases assigned to the member this key was made for, and this key was made for no enabled member of the project (make one with: goodhart api-key create --as EMAIL)";
    throw new AppError("bad_request", message, [{ path: "assignee", message: "this key has no member" }]);
  }
  const userId = member?.userId ?? null;
  return NextResponse.json(await listEdgeCases(db, { projectId: key.projectId, userId, query }));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET");
