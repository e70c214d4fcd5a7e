// GET /api/judges/runs/[jobId]: a judge run's status, progress and, once done, its totals.
import { NextResponse } from "next/server";
import { findJudgeRunJob } from "@/lib/judges/find-judge-run-job";
import { withSession } from "@/lib/next/with-auth";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const GET = withSession(
  async (_request, { db, member, params }) => NextResponse.json(await findJudgeRunJob(db, { projectId: member.projectId, jobId: String(params.jobId) })),
  { role: "viewer" },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET");
