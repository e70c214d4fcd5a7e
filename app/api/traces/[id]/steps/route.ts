// GET /api/traces/[id]/steps: every step of a trace, for the virtualised timeline.
import { NextResponse } from "next/server";
import { withSession } from "@/lib/next/with-auth";
import { listTraceSteps } from "@/lib/traces/list-trace-steps";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const GET = withSession(
  async (_request, { db, member, params }) => NextResponse.json({ steps: await listTraceSteps(db, { projectId: member.projectId, traceId: String(params.id) }) }),
  { role: "viewer" },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET");
