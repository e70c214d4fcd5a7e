// POST /api/v1/runs/{id}/metrics: {"points": [{"step", "name", "value", "time"?}]}, idempotent on run, name and step.
// GET /api/v1/runs/{id}/metrics: every metric's count and first/last values; with ?name= one metric's points, paged by ?afterStep=.
import { NextResponse } from "next/server";
import { MAX_API_BODY_BYTES } from "@/lib/http/body-limits";
import { emitPipelineEvent } from "@/lib/jobs/pipeline-event";
import { readJsonBody } from "@/lib/next/read-json-body";
import { withApiKey } from "@/lib/next/with-auth";
import { findRun } from "@/lib/runs/find-run";
import { listMetricPoints } from "@/lib/runs/list-metric-points";
import { metricPointsQuerySchema } from "@/lib/runs/metric-points-query";
import { loadRunMetrics } from "@/lib/runs/load-run-metrics";
import type { MetricPointsAnswer } from "@/lib/runs/run-intake-answer-schemas";
import { metricPointsBodySchema } from "@/lib/runs/run-intake-schemas";
import type { RunMetricsAnswer } from "@/lib/runs/run-metrics-answer-schema";
import { writeMetricPoints } from "@/lib/runs/write-metric-points";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = withApiKey(async (request, { db, key, params }) => {
  // Every point is checked before any is stored: a batch lands whole or not at all.
  const { points } = metricPointsBodySchema.parse(await readJsonBody(request, { maxBytes: MAX_API_BODY_BYTES }));
  const run = await findRun(db, { projectId: key.projectId, runId: String(params.id) });
  const written = await writeMetricPoints(db, { runId: run.id, points });
  // Divergence is recomputed after the points are stored (a follow-up); a burst of posts shares one pending event.
  const { job } = await emitPipelineEvent(db, { event: "metrics.stored", projectId: key.projectId, subjectId: run.id });
  return NextResponse.json({ runId: run.id, ...written, jobIds: [job.id] } satisfies MetricPointsAnswer);
});

export const GET = withApiKey(async (request, { db, key, params }) => {
  const search = request.nextUrl.searchParams;
  const query = metricPointsQuerySchema.parse({
    name: search.get("name") ?? undefined,
    afterStep: search.get("afterStep") ?? undefined,
    limit: search.get("limit") ?? undefined,
  });
  const run = await findRun(db, { projectId: key.projectId, runId: String(params.id) });
  if (!query.name) return NextResponse.json({ runId: run.id, metrics: await loadRunMetrics(db, { runId: run.id }) } satisfies RunMetricsAnswer);
  return NextResponse.json({
    runId: run.id,
    ...(await listMetricPoints(db, { runId: run.id, name: query.name, afterStep: query.afterStep, limit: query.limit })),
  } satisfies RunMetricsAnswer);
});

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET", "POST");
