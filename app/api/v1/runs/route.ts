// POST /api/v1/runs: register a trainer's run by name (the same name is the same run, reopened if it had ended); 201 when made, 200 when found.
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/next/read-json-body";
import { withApiKey } from "@/lib/next/with-auth";
import { registerRun } from "@/lib/runs/register-run";
import type { RegisterRunAnswer } from "@/lib/runs/run-intake-answer-schemas";
import { registerRunSchema } from "@/lib/runs/run-intake-schemas";
import { toRunView } from "@/lib/runs/run-view";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = withApiKey(async (request, { db, key, actor }) => {
  const input = registerRunSchema.parse(await readJsonBody(request));
  const { run, created } = await registerRun(db, { projectId: key.projectId, input, actor, resume: true });
  return NextResponse.json({ ...toRunView(run), created } satisfies RegisterRunAnswer, { status: created ? 201 : 200 });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
