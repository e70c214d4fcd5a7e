// GET /api/v1/jobs?status=&type=&limit=: the project's jobs, newest first (what /jobs shows).
import { NextResponse } from "next/server";
import { listJobsQuerySchema } from "@/lib/jobs/list-jobs-query";
import { listJobs } from "@/lib/jobs/list-jobs";
import { withApiKey } from "@/lib/next/with-auth";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const GET = withApiKey(async (request, { db, key }) => {
  const search = request.nextUrl.searchParams;
  const query = listJobsQuerySchema.parse({
    status: search.get("status") ?? undefined,
    type: search.get("type") ?? undefined,
    limit: search.get("limit") ?? undefined,
  });
  return NextResponse.json({ jobs: await listJobs(db, { projectId: key.projectId, ...query }) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET");
