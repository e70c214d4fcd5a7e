// POST /api/v1/redteam: start a red-team run of a rubric version, in the name of the key's creator (a reviewer or admin, as on the rubric's page); answers 202 with the run (a job) to poll at GET /api/v1/redteam/{id}.
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/next/read-json-body";
import { withApiKey } from "@/lib/next/with-auth";
import { findRedteamRun } from "@/lib/redteam/find-redteam-run";
import type { RedteamRunAnswer } from "@/lib/redteam/redteam-answer-schema";
import { startRedteam } from "@/lib/redteam/redteam-job";
import { redteamRequestSchema } from "@/lib/redteam/redteam-schemas";
import { resolveApiReviewer } from "@/lib/review/resolve-api-reviewer";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = withApiKey(async (request, { db, key }) => {
  const input = redteamRequestSchema.parse(await readJsonBody(request));
  await resolveApiReviewer(db, { apiKeyId: key.apiKeyId, projectId: key.projectId, keyName: key.name });
  const job = await startRedteam(db, { projectId: key.projectId, request: input });
  return NextResponse.json((await findRedteamRun(db, { projectId: key.projectId, id: job.id })) satisfies RedteamRunAnswer, { status: 202 });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
