// POST /api/v1/replay/{taskId}/score: {patch, tests?: {passed, failed}} -> the patch's score against the code replay task's reference diff, with its parts.
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/next/read-json-body";
import { withApiKey } from "@/lib/next/with-auth";
import type { CodeReplayScoreAnswer } from "@/lib/tasks/code-replay-answer-schemas";
import { codeReplayScoreBodySchema, MAX_PATCH_BODY_BYTES } from "@/lib/tasks/code-replay-schemas";
import { scoreCodeReplayRollout } from "@/lib/tasks/code-replay-task";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = withApiKey(async (request, { db, key, params }) => {
  const { patch, tests } = codeReplayScoreBodySchema.parse(await readJsonBody(request, { maxBytes: MAX_PATCH_BODY_BYTES }));
  return NextResponse.json(
    (await scoreCodeReplayRollout(db, { projectId: key.projectId, taskId: String(params.id), patch, tests })) satisfies CodeReplayScoreAnswer,
  );
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
