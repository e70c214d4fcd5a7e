// GET /api/v1/jobs?status=&type=&limit=: the project's jobs, newest first (what /jobs shows).
import { NextResponse } from "next/server";
import { z } from "zod";
import { jobStatusSchema } from "@/lib/jobs/job-status";
import { listJobs } from "@/lib/jobs/list-jobs";
import { withApiKey } from "@/lib/next/with-auth";

const querySchema = z.object({
  status: jobStatusSchema.optional(),
  type: z.string().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const GET = withApiKey(async (request, { db, key }) => {
  const search = request.nextUrl.searchParams;
  const query = querySchema.parse({ status: search.get("status") ?? undefined, type: search.get("type") ?? undefined, limit: search.get("limit") ?? undefined });
  return NextResponse.json({ jobs: await listJobs(db, { projectId: key.projectId, ...query }) });
});
