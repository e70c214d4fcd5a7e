// POST /api/v1/tasks/grounding: queue a grounding A/B of the project's tasks with context, in the name of the key's creator (a reviewer or admin, as on /tasks); answers 202 with the job to follow.
import { NextResponse } from "next/server";
import { MAX_JSON_BODY_BYTES } from "@/lib/json/json-limits";
import { readJsonBody } from "@/lib/next/read-json-body";
import { withApiKey } from "@/lib/next/with-auth";
import { resolveApiReviewer } from "@/lib/review/resolve-api-reviewer";
import type { GroundingStartedAnswer } from "@/lib/tasks/grounding-answer-schema";
import { groundingRequestSchema } from "@/lib/tasks/grounding-job";
import { startGrounding } from "@/lib/tasks/grounding-start";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = withApiKey(async (request, { db, key }) => {
  const input = groundingRequestSchema.parse(await readJsonBody(request, { maxBytes: MAX_JSON_BODY_BYTES }));
  const reviewer = await resolveApiReviewer(db, { apiKeyId: key.apiKeyId, projectId: key.projectId, keyName: key.name });
  const job = await startGrounding(db, { projectId: key.projectId, input, actor: reviewer });
  return NextResponse.json({ jobId: job.id, status: job.status } satisfies GroundingStartedAnswer, { status: 202 });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
