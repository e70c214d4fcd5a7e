// POST /api/v1/hacks/{id}/decision {decision: approve|reject, note?}: decided in the name of the key's creator, who must be a reviewer or admin; approving puts the hack's check into its environment's draft.
import { NextResponse } from "next/server";
import { decideKnownHack } from "@/lib/hacks/decide-known-hack";
import type { KnownHackDecisionAnswer } from "@/lib/hacks/known-hack-answer-schemas";
import { findApiKnownHack } from "@/lib/hacks/known-hack-api-view";
import { knownHackDecisionBodySchema } from "@/lib/hacks/known-hack-schemas";
import { readJsonBody } from "@/lib/next/read-json-body";
import { withApiKey } from "@/lib/next/with-auth";
import { resolveApiReviewer } from "@/lib/review/resolve-api-reviewer";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = withApiKey(async (request, { db, key, params }) => {
  const { decision, note } = knownHackDecisionBodySchema.parse(await readJsonBody(request));
  const actor = await resolveApiReviewer(db, { apiKeyId: key.apiKeyId, projectId: key.projectId, keyName: key.name });
  const knownHackId = String(params.id);
  const { rubricVersionId } = await decideKnownHack(db, { projectId: key.projectId, knownHackId, decision, note, actor });
  return NextResponse.json({ hack: await findApiKnownHack(db, { projectId: key.projectId, knownHackId }), rubricVersionId } satisfies KnownHackDecisionAnswer);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
