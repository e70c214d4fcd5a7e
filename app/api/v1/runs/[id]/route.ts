// GET /api/v1/runs/{id}: what the run's page shows: the run, its summary and hack-risk verdict (hackRisk), each metric's first and last values, and its detections with their numbers.
import { NextResponse } from "next/server";
import { withApiKey } from "@/lib/next/with-auth";
import { findRunDetail } from "@/lib/runs/find-run-detail";
import { listRunDetections } from "@/lib/runs/list-run-detections";
import type { RunDetailAnswer } from "@/lib/runs/run-detail-schema";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const GET = withApiKey(async (_request, { db, key, params }) => {
  const { run, metrics } = await findRunDetail(db, { projectId: key.projectId, runId: String(params.id) });
  const detections = await listRunDetections(db, { projectId: key.projectId, runId: run.id });
  return NextResponse.json({ ...run, metrics, detections } satisfies RunDetailAnswer);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET");
