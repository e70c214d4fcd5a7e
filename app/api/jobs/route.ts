// GET /api/jobs: the project's recent jobs with progress, for the /jobs page's polling.
import { NextResponse } from "next/server";
import { listJobs } from "@/lib/jobs/list-jobs";
import { withSession } from "@/lib/next/with-auth";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const GET = withSession(async (_request, { db, member }) => NextResponse.json({ jobs: await listJobs(db, { projectId: member.projectId }) }), {
  role: "viewer",
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET");
