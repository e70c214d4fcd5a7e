// GET /api/edge-cases: the review queue for the signed-in member (viewers read it too), filtered and paged.
import { NextResponse } from "next/server";
import { withSession } from "@/lib/next/with-auth";
import { edgeCaseQuerySchema } from "@/lib/review/edge-case-schemas";
import { listEdgeCases } from "@/lib/review/list-edge-cases";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const GET = withSession(
  async (request, { db, member }) => {
    const query = edgeCaseQuerySchema.parse(Object.fromEntries(request.nextUrl.searchParams));
    return NextResponse.json(await listEdgeCases(db, { projectId: member.projectId, userId: member.userId, query }));
  },
  { role: "viewer" },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET");
