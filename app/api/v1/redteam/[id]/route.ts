// GET /api/v1/redteam/{id}: a red-team run's status and, once done, the families tried with their effects on reward and truth, and the loopholes.
import { NextResponse } from "next/server";
import { withApiKey } from "@/lib/next/with-auth";
import { findRedteamRun } from "@/lib/redteam/find-redteam-run";
import type { RedteamRunAnswer } from "@/lib/redteam/redteam-answer-schema";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const GET = withApiKey(async (_request, { db, key, params }) =>
  NextResponse.json((await findRedteamRun(db, { projectId: key.projectId, id: String(params.id) })) satisfies RedteamRunAnswer),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET");
