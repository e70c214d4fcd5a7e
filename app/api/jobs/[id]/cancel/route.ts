// POST /api/jobs/{id}/cancel: admins stop a queued or running job.
import { NextResponse } from "next/server";
import { cancelJob } from "@/lib/jobs/manage-jobs";
import { withSession } from "@/lib/next/with-auth";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = withSession(
  async (_request, { db, member, actor, params }) => {
    const job = await cancelJob(db, { projectId: member.projectId, jobId: String(params.id), actor });
    return NextResponse.json({ id: job.id, status: job.status });
  },
  { role: "admin" },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
