// OTLP route tests: a captured export sent again to a route, and the trace rebuilds it queued run in place.
import { expect } from "vitest";
import { getDb } from "../db/client";
import { rebuildOtelTraceHandler, rebuildOtelTraceJob } from "../ingest/otel/rebuild-otel-trace-job";
import { runJobNow } from "../jobs/run-job-now";
import type { CapturedExport } from "../testing/capture-otlp-export";
import { replayRequest } from "../testing/otlp-test-helpers";
import { jobIdsHeader } from "./otlp-route";
import { callRoute, type RouteHandler } from "./route-test";

/** No worker runs in the route tests: this process runs the trace rebuilds an OTLP answer names, as a worker would, then hands the answer back. */
export async function runOtlpRebuilds(response: Response): Promise<Response> {
  for (const jobId of (response.headers.get(jobIdsHeader) ?? "").split(",").filter(Boolean)) {
    expect(await runJobNow(getDb(), { jobId, type: rebuildOtelTraceJob, handle: rebuildOtelTraceHandler.handle })).toBe("succeeded");
  }
  return response;
}

/** Sends a captured export to an OTLP route as the exporter sent it (with `apiKey`), and runs the rebuilds it queued. */
export function replayOtlpExport(route: RouteHandler, captured: CapturedExport, apiKey: string | null): Promise<Response> {
  const { url, init } = replayRequest(captured, apiKey);
  const { pathname, search } = new URL(url);
  return callRoute(route, `${pathname}${search}`, init).then(runOtlpRebuilds);
}
