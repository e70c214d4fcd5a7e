// POST /api/v1/replay/code-tasks: {patch, message?, environment?, repository?, baseCommit?} -> {task, isNew}; a code replay task (same commit or diff, same task).
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/next/read-json-body";
import { withApiKey } from "@/lib/next/with-auth";
import type { CodeReplayTaskAnswer } from "@/lib/tasks/code-replay-answer-schemas";
import { codeReplayTaskBodySchema, MAX_PATCH_BODY_BYTES } from "@/lib/tasks/code-replay-schemas";
import { readCodeReplaySource } from "@/lib/tasks/code-replay-source";
import { saveCodeReplayTask } from "@/lib/tasks/code-replay-task";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = withApiKey(async (request, { db, key }) => {
  const { patch, message, environment, repository, baseCommit } = codeReplayTaskBodySchema.parse(
    await readJsonBody(request, { maxBytes: MAX_PATCH_BODY_BYTES }),
  );
  const source = readCodeReplaySource(patch, { message });
  const { task, isNew } = await saveCodeReplayTask(db, { projectId: key.projectId, environment, source, repository, baseCommit });
  return NextResponse.json(
    {
      task: { id: task.id, externalId: task.externalId, environment: task.environment, origin: task.origin, prompt: task.prompt, metadata: task.metadata },
      isNew,
    } satisfies CodeReplayTaskAnswer,
    { status: isNew ? 201 : 200 },
  );
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
