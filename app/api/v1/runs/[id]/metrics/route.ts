// POST /api/v1/runs/{id}/metrics: {"points": [{"step", "name", "value", "time"?}]}, idempotent on run, name and step.
import { NextResponse } from "next/server";
import { MAX_API_BODY_BYTES } from "@/lib/ingest/limits";
import { enqueueRunDivergence } from "@/lib/monitor/run-divergence-job";
import { readJsonBody } from "@/lib/next/read-json-body";
import { withApiKey } from "@/lib/next/with-auth";
import { findRun } from "@/lib/runs/find-run";
import { metricPointsBodySchema } from "@/lib/runs/run-intake-schemas";
import { writeMetricPoints } from "@/lib/runs/write-metric-points";

export const POST = withApiKey(async (request, { db, key, params }) => {
  // Every point is checked before any is stored: a batch lands whole or not at all.
  const { points } = metricPointsBodySchema.parse(await readJsonBody(request, { maxBytes: MAX_API_BODY_BYTES }));
  const run = await findRun(db, { projectId: key.projectId, runId: String(params.id) });
  const written = await writeMetricPoints(db, { runId: run.id, points });
  // Divergence is recomputed after the points are stored; a burst of posts shares one pending job.
  await enqueueRunDivergence(db, { projectId: key.projectId, runId: run.id });
  return NextResponse.json({ runId: run.id, ...written });
});
