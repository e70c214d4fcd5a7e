// POST /api/tasks/grounding: a reviewer queues a grounding A/B from /tasks; answers 202 with the job, whose progress /jobs shows.
import { NextResponse } from "next/server";
import { MAX_JSON_BODY_BYTES } from "@/lib/json/json-limits";
import { readJsonBody } from "@/lib/next/read-json-body";
import { withSession } from "@/lib/next/with-auth";
import { groundingRequestSchema } from "@/lib/tasks/grounding-job";
import { startGrounding } from "@/lib/tasks/grounding-start";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = withSession(
  async (request, { db, member, actor }) => {
    const input = groundingRequestSchema.parse(await readJsonBody(request, { maxBytes: MAX_JSON_BODY_BYTES }));
    const job = await startGrounding(db, { projectId: member.projectId, input, actor });
    return NextResponse.json({ jobId: job.id, status: job.status }, { status: 202 });
  },
  { role: "reviewer" },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
