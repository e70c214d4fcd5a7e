// POST /api/v1/runs/{id}/events: one event or {"events": [...]} (checkpoint, rubric_changed, note, finished, failed), idempotent.
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/next/read-json-body";
import { withApiKey } from "@/lib/next/with-auth";
import { findRun } from "@/lib/runs/find-run";
import { recordRunEvents } from "@/lib/runs/record-run-events";
import type { RunEventsAnswer } from "@/lib/runs/run-intake-answer-schemas";
import { runEventsBodySchema } from "@/lib/runs/run-intake-schemas";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = withApiKey(async (request, { db, key, params }) => {
  const { events } = runEventsBodySchema.parse(await readJsonBody(request));
  const run = await findRun(db, { projectId: key.projectId, runId: String(params.id) });
  return NextResponse.json({ runId: run.id, ...(await recordRunEvents(db, { projectId: key.projectId, runId: run.id, events })) } satisfies RunEventsAnswer);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
