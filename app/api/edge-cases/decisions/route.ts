// POST /api/edge-cases/decisions: one decision on one or several open cases (reviewer or admin).
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/next/read-json-body";
import { withSession } from "@/lib/next/with-auth";
import { decideEdgeCases } from "@/lib/review/decide-edge-cases";
import { bulkDecideBodySchema } from "@/lib/review/edge-case-schemas";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = withSession(
  async (request, { db, member }) => {
    const { ids, decision, note } = bulkDecideBodySchema.parse(await readJsonBody(request));
    const decided = await decideEdgeCases(db, { projectId: member.projectId, ids, decision, note, reviewer: { userId: member.userId, label: member.email } });
    return NextResponse.json({ decided });
  },
  { role: "reviewer" },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
