// GET /api/v1/jobs/{id}: a job's status, progress and result, for scripts that started one.
import { NextResponse } from "next/server";
import { findJob } from "@/lib/jobs/find-job";
import { withApiKey } from "@/lib/next/with-auth";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const GET = withApiKey(async (_request, { db, key, params }) => NextResponse.json(await findJob(db, { projectId: key.projectId, jobId: String(params.id) })));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET");
