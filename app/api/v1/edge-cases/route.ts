// GET /api/v1/edge-cases?status=open&kind=&rule=&environment=&run=&limit=&offset=: the review queue for a project API key.
import { NextResponse } from "next/server";
import { withApiKey } from "@/lib/next/with-auth";
import { edgeCaseQuerySchema } from "@/lib/review/edge-case-schemas";
import { listEdgeCases } from "@/lib/review/list-edge-cases";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const GET = withApiKey(async (request, { db, key }) => {
  // "mine" has no meaning for a key: it is dropped rather than refused, so the same URLs work.
  const { assignee, ...query } = edgeCaseQuerySchema.parse(Object.fromEntries(request.nextUrl.searchParams));
  return NextResponse.json(await listEdgeCases(db, { projectId: key.projectId, userId: null, query: { ...query, assignee: assignee === "unassigned" ? assignee : undefined } }));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET");
