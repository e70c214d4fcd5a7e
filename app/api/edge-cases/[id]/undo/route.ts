// POST /api/edge-cases/{id}/undo: takes back a decision made within the last 24 hours (reviewer or admin).
import { NextResponse } from "next/server";
import { withSession } from "@/lib/next/with-auth";
import { undoEdgeCaseDecision } from "@/lib/review/undo-edge-case-decision";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = withSession(
  async (_request, { db, member, params }) => NextResponse.json(await undoEdgeCaseDecision(db, { projectId: member.projectId, id: String(params.id), reviewer: { userId: member.userId, label: member.email } })),
  { role: "reviewer" },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
