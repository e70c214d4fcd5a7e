import { induceHackHandler } from "../lib/hacks/induce-hack-job";
import { importTracesHandler } from "../lib/ingest/import-traces-job";
import { rebuildOtelTraceHandler } from "../lib/ingest/otel/rebuild-otel-trace-job";
import type { RegisteredHandler } from "../lib/jobs/job-type";
import { judgesRunHandler } from "../lib/judges/judges-run-job";
import { registerLabGroundingPolicy } from "../lib/lab/lab-grounding-policy";
import { labRunHandler } from "../lib/lab/lab-run-job";
import { registerLabSimulatedJudges } from "../lib/lab/register-simulated-judges";
import { reviewLabRunHandler } from "../lib/lab/review-lab-run-job";
import { runDivergenceHandler } from "../lib/monitor/run-divergence-job";
import { detectEdgeCasesHandler } from "../lib/review/detect-edge-cases-job";
import { extractRubricHandler } from "../lib/rubrics/extract-rubric-job";
import { groundingHandler } from "../lib/tasks/grounding-job";
import { mineDocumentHandler } from "../lib/tasks/mine-document-job";
import { mineTracesHandler } from "../lib/tasks/mine-tasks-from-traces-job";
import { redteamHandler } from "../lib/redteam/redteam-job";
import { rolloutStepMetricsHandler } from "../lib/runs/rollout-step-metrics-job";
import { pipelineEventHandler } from "./follow-ups";

/**
 * Every job type the worker runs (lib/jobs is the mechanism; this is the wiring). Each later
 * feature adds its handler here. Wiring also gives the judging pipeline the lab's simulated
 * judges, so a judges.run job over lab rollouts can dispatch them, and the grounding A/B the lab's policy.
 */
export function wireJobHandlers(): RegisteredHandler[] {
  registerLabSimulatedJudges();
  registerLabGroundingPolicy();
  return [
    labRunHandler, importTracesHandler, judgesRunHandler, reviewLabRunHandler, detectEdgeCasesHandler, extractRubricHandler, runDivergenceHandler,
    mineDocumentHandler, mineTracesHandler, groundingHandler, redteamHandler, pipelineEventHandler, induceHackHandler, rolloutStepMetricsHandler, rebuildOtelTraceHandler,
  ];
}
