// POST /api/v1/tasks/grounding: queue a grounding A/B of the project's tasks with context; answers 202 with the job to follow.
import { NextResponse } from "next/server";
import { MAX_JSON_BODY_BYTES } from "@/lib/json/json-limits";
import { readJsonBody } from "@/lib/next/read-json-body";
import { withApiKey } from "@/lib/next/with-auth";
import { groundingRequestSchema } from "@/lib/tasks/grounding-job";
import { startGrounding } from "@/lib/tasks/grounding-start";

export const POST = withApiKey(async (request, { db, key, actor }) => {
  const input = groundingRequestSchema.parse(await readJsonBody(request, { maxBytes: MAX_JSON_BODY_BYTES }));
  const job = await startGrounding(db, { projectId: key.projectId, input, actor });
  return NextResponse.json({ jobId: job.id, status: job.status }, { status: 202 });
});
