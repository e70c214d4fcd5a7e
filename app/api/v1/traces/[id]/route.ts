// GET /api/v1/traces/{id}: what the trace's page shows: the trace, its final reply and totals, verdicts, item results, edge cases and every step.
import { NextResponse } from "next/server";
import { withApiKey } from "@/lib/next/with-auth";
import { findTraceDetail } from "@/lib/traces/find-trace-detail";
import { listTraceSteps } from "@/lib/traces/list-trace-steps";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const GET = withApiKey(async (_request, { db, key, params }) => {
  const traceId = String(params.id);
  const detail = await findTraceDetail(db, { projectId: key.projectId, traceId });
  const steps = await listTraceSteps(db, { projectId: key.projectId, traceId });
  return NextResponse.json({ ...detail, steps });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET");
