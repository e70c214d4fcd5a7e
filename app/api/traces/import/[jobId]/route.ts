// GET /api/traces/import/[jobId]: an import job's status, progress and, once done, its counts.
import { NextResponse } from "next/server";
import { findImportJob } from "@/lib/ingest/find-import-job";
import { withSession } from "@/lib/next/with-auth";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const GET = withSession(
  async (_request, { db, member, params }) => NextResponse.json(await findImportJob(db, { projectId: member.projectId, jobId: String(params.jobId) })),
  { role: "viewer" },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET");
