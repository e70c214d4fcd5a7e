import { labRunHandler } from "../lab/lab-run-job";
import { importTracesHandler } from "../ingest/import-traces-job";
import { judgesRunHandler } from "../judges/judges-run-job";
import { reviewLabRunHandler } from "../lab/review-lab-run-job";
import { detectEdgeCasesHandler } from "../review/detect-edge-cases-job";
import { runDivergenceHandler } from "../monitor/run-divergence-job";
import { extractRubricHandler } from "../rubrics/extract-rubric-job";
import type { RegisteredHandler } from "./job-type";

/**
 * Every job type the worker runs. Each later feature adds its handler here; the worker process
 * wires exactly this list.
 */
export const jobHandlers: RegisteredHandler[] = [
  labRunHandler,
  importTracesHandler,
  judgesRunHandler,
  reviewLabRunHandler,
  detectEdgeCasesHandler,
  extractRubricHandler,
  runDivergenceHandler,
];
