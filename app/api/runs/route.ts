// GET /api/runs: the project's training runs with their job's progress, for the /runs page's polling.
import { NextResponse } from "next/server";
import { withSession } from "@/lib/next/with-auth";
import { listRuns } from "@/lib/runs/list-runs";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const GET = withSession(async (_request, { db, member }) => NextResponse.json({ runs: await listRuns(db, { projectId: member.projectId }) }), {
  role: "viewer",
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET");
