// POST /api/v1/hacks/{id}/check {check}: a proposed hack's check replaced (a next-best candidate, or an edit) in the name of the key's creator, who must be a reviewer or admin; measured on the examples and honest traces before it is saved, as the Edit on /hacks does.
import { NextResponse } from "next/server";
import type { KnownHackCheckAnswer } from "@/lib/hacks/known-hack-answer-schemas";
import { findApiKnownHack } from "@/lib/hacks/known-hack-api-view";
import { knownHackCheckBodySchema } from "@/lib/hacks/known-hack-schemas";
import { saveKnownHackCheck } from "@/lib/hacks/measure-known-hack-check";
import { readJsonBody } from "@/lib/next/read-json-body";
import { withApiKey } from "@/lib/next/with-auth";
import { resolveApiReviewer } from "@/lib/review/resolve-api-reviewer";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = withApiKey(async (request, { db, key, params }) => {
  const { check } = knownHackCheckBodySchema.parse(await readJsonBody(request));
  const actor = await resolveApiReviewer(db, { apiKeyId: key.apiKeyId, projectId: key.projectId, keyName: key.name });
  const knownHackId = String(params.id);
  await saveKnownHackCheck(db, { projectId: key.projectId, knownHackId, check, actor });
  return NextResponse.json({ hack: await findApiKnownHack(db, { projectId: key.projectId, knownHackId }) } satisfies KnownHackCheckAnswer);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
