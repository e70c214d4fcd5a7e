// POST /api/v1/replay/{taskId}/tool-call: {name, arguments, occurrence?} -> {result, ...} from the origin trace, or {unseen: true, ...}.
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/next/read-json-body";
import { withApiKey } from "@/lib/next/with-auth";
import { answerReplayToolCall } from "@/lib/replay/load-replay-simulator";
import type { ReplayToolCallAnswer } from "@/lib/replay/replay-tool-call-answer-schema";
import { replayToolCallSchema } from "@/lib/replay/replay-tool-call-schema";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = withApiKey(async (request, { db, key, params }) => {
  const call = replayToolCallSchema.parse(await readJsonBody(request));
  return NextResponse.json((await answerReplayToolCall(db, { projectId: key.projectId, taskId: String(params.id), ...call })) satisfies ReplayToolCallAnswer);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
