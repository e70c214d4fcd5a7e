// POST /api/edge-cases/assign: gives cases to a reviewer, or takes them back (assigneeId null).
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/next/read-json-body";
import { withSession } from "@/lib/next/with-auth";
import { assignEdgeCases } from "@/lib/review/assign-edge-cases";
import { assignBodySchema } from "@/lib/review/edge-case-schemas";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = withSession(
  async (request, { db, member, actor }) => {
    const { ids, assigneeId } = assignBodySchema.parse(await readJsonBody(request));
    return NextResponse.json(await assignEdgeCases(db, { projectId: member.projectId, ids, assigneeId, actor }));
  },
  { role: "reviewer" },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
