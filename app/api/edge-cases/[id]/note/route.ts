// POST /api/edge-cases/{id}/note: a reviewer's note on a case, before or after the decision.
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/next/read-json-body";
import { withSession } from "@/lib/next/with-auth";
import { noteBodySchema } from "@/lib/review/edge-case-schemas";
import { noteEdgeCase } from "@/lib/review/note-edge-case";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = withSession(
  async (request, { db, member, actor, params }) => {
    const { note } = noteBodySchema.parse(await readJsonBody(request));
    return NextResponse.json(await noteEdgeCase(db, { projectId: member.projectId, id: String(params.id), note, actor }));
  },
  { role: "reviewer" },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
