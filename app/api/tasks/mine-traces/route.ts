// POST /api/tasks/mine-traces: {environment?} -> {jobId}; queues mining tool-use replay tasks from the project's traces.
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/next/read-json-body";
import { withSession } from "@/lib/next/with-auth";
import { mineTracesBodySchema, startMineTasksFromTraces } from "@/lib/tasks/mine-tasks-from-traces-job";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = withSession(
  async (request, { db, member, actor }) => {
    const { environment } = mineTracesBodySchema.parse(await readJsonBody(request, { emptyAs: {} }));
    const job = await startMineTasksFromTraces(db, { projectId: member.projectId, environment, actor });
    return NextResponse.json({ jobId: job.id, status: job.status }, { status: 202 });
  },
  { role: "reviewer" },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
