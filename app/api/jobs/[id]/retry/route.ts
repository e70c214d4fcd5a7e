// POST /api/jobs/{id}/retry: admins put a failed or cancelled job back in the queue.
import { NextResponse } from "next/server";
import { retryJob } from "@/lib/jobs/manage-jobs";
import { withSession } from "@/lib/next/with-auth";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = withSession(
  async (_request, { db, member, actor, params }) => {
    const job = await retryJob(db, { projectId: member.projectId, jobId: String(params.id), actor });
    return NextResponse.json({ id: job.id, status: job.status });
  },
  { role: "admin" },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
