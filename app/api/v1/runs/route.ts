// POST /api/v1/runs: register a trainer's run by name (the same name is the same run, reopened if it had ended); 201 when made, 200 when found.
// GET /api/v1/runs?name=&status=&limit=: the project's runs, newest first; by name, a trainer's run found without registering it.
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/next/read-json-body";
import { withApiKey } from "@/lib/next/with-auth";
import { listRunViews } from "@/lib/runs/list-run-views";
import { listRunsQuerySchema } from "@/lib/runs/list-runs-query";
import { registerRun } from "@/lib/runs/register-run";
import type { ListRunsAnswer, RegisterRunAnswer } from "@/lib/runs/run-intake-answer-schemas";
import { registerRunSchema } from "@/lib/runs/run-intake-schemas";
import { toRunView } from "@/lib/runs/run-view";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = withApiKey(async (request, { db, key, actor }) => {
  const input = registerRunSchema.parse(await readJsonBody(request));
  const { run, created } = await registerRun(db, { projectId: key.projectId, input, actor, resume: true });
  return NextResponse.json({ ...toRunView(run), created } satisfies RegisterRunAnswer, { status: created ? 201 : 200 });
});

export const GET = withApiKey(async (request, { db, key }) => {
  const search = request.nextUrl.searchParams;
  const query = listRunsQuerySchema.parse({ name: search.get("name") ?? undefined, status: search.get("status") ?? undefined, limit: search.get("limit") ?? undefined });
  return NextResponse.json({ runs: await listRunViews(db, { projectId: key.projectId, ...query }) } satisfies ListRunsAnswer);
});

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET", "POST");
