import { z } from "zod";
import { meAnswerSchema } from "../api-keys/me-answer-schema";
import { distillQuerySchema } from "../distill/distill-query";
import { uploadedDocumentAnswerSchema } from "../documents/document-answer-schema";
import { documentInputSchema, MAX_DOCUMENT_BODY_BYTES } from "../documents/document-input-schema";
import { knownHackCheckAnswerSchema, knownHackDecisionAnswerSchema, listKnownHacksAnswerSchema } from "../hacks/known-hack-answer-schemas";
import { knownHackCheckBodySchema, knownHackDecisionBodySchema, knownHackQuerySchema } from "../hacks/known-hack-schemas";
import { ingestQuerySchema } from "../ingest/ingest-api-body";
import { ingestAnswerSchema } from "../ingest/ingest-answer-schema";
import { MAX_API_BODY_BYTES } from "../http/body-limits";
import { jobAnswerSchema, listJobsAnswerSchema } from "../jobs/job-view-schemas";
import { listJobsQuerySchema } from "../jobs/list-jobs-query";
import { MAX_JSON_BODY_BYTES } from "../json/json-limits";
import { redteamRunAnswerSchema } from "../redteam/redteam-answer-schema";
import { redteamRequestSchema } from "../redteam/redteam-schemas";
import { replayToolCallAnswerSchema } from "../replay/replay-tool-call-answer-schema";
import { replayToolCallSchema } from "../replay/replay-tool-call-schema";
import { decidedCaseSchema, undoneDecisionSchema } from "../review/edge-case-decision-answer-schemas";
import { edgeCaseListSchema } from "../review/edge-case-list-schema";
import { decideBodySchema, edgeCaseQuerySchema } from "../review/edge-case-schemas";
import { openRlhfAnswerSchema, rewardAnswerSchema } from "../reward/reward-answer-schema";
import { MAX_ROLLOUTS_PER_REQUEST, openRlhfRequestSchema, rewardRequestSchema, rolloutErrorPolicySchema, rolloutSchema } from "../reward/reward-request-schema";
import { MAX_TRAINING_STEP } from "../traces/training-step-schema";
import { listRubricVersionsAnswerSchema, rubricVersionExportSchema } from "../rubrics/rubric-version-answer-schemas";
import { approveRubricVersionBodySchema, rubricVersionImportSchema, rubricVersionQuerySchema } from "../rubrics/rubric-version-schemas";
import { metricPointsQuerySchema } from "../runs/metric-points-query";
import { runDetailAnswerSchema } from "../runs/run-detail-schema";
import { runMetricsAnswerSchema } from "../runs/run-metrics-answer-schema";
import { listRunsQuerySchema } from "../runs/list-runs-query";
import { listRunsAnswerSchema, metricPointsAnswerSchema, registerRunAnswerSchema, runEventsAnswerSchema } from "../runs/run-intake-answer-schemas";
import { metricPointsBodySchema, registerRunSchema, runEventListSchema, runEventSchema } from "../runs/run-intake-schemas";
import { codeReplayScoreAnswerSchema, codeReplayTaskAnswerSchema } from "../tasks/code-replay-answer-schemas";
import { codeReplayScoreBodySchema, codeReplayTaskBodySchema, MAX_PATCH_BODY_BYTES } from "../tasks/code-replay-schemas";
import { exportTasksQuerySchema } from "../tasks/export-tasks-query";
import { groundingStartedAnswerSchema } from "../tasks/grounding-answer-schema";
import { groundingRequestSchema } from "../tasks/grounding-job";
import { traceDetailAnswerSchema } from "../traces/trace-detail-schema";
import { traceBatchSchema } from "../traces/trace-schema";

/**
 * Every operation of /api/v1, with the zod schemas its route validates with: the one list the
 * OpenAPI document is generated from (a test checks it names every route method under app/api/v1).
 * `body`: a JSON body's schema, or the media types of a raw body the route reads itself.
 */
export type ApiOperation = {
  method: "get" | "post";
  path: string;
  summary: string;
  tag: string;
  query?: z.ZodObject;
  /** Request headers the route reads besides Authorization, by their HTTP names. */
  headers?: z.ZodObject;
  body?: z.ZodType | { raw: string[]; description: string };
  /** The success status and what it returns; `schema`, where written, is the answer's (and a 2xx in `answers` gives the same shape). */
  success: { status: number; description: string; mediaType?: string; schema?: z.ZodType };
  /** The operation's other answers, beside the success and the errors every operation may give: a 200 beside a 201, a 409, ... */
  answers?: Record<number, string>;
  /** A body that may be left out (sent empty). */
  isBodyOptional?: boolean;
  isPublic?: boolean;
  /** The body limit the route's reader enforces (413 past it, before reading when declared); every operation with a body states it. */
  maxBodyBytes?: number;
};

const rewardAnswers = {
  404: "no such rubric version in the key's project, or the environment has no approved version",
  409: "the rubric version is a draft: the reward API serves approved versions",
  422: "onError fail, and a rollout cannot be scored: nothing was stored; the details name each rollout",
};
// The route reads each rollout on its own (a bad one is that rollout's error, not a 400), so its
// envelope takes any; the document shows what a rollout is.
const rewardBody = z.object({ ...rewardRequestSchema.shape, rollouts: z.array(rolloutSchema).min(1).max(MAX_ROLLOUTS_PER_REQUEST) });
const decidedAlready = { 409: "decided already (by this request sent before, or by someone else)" };

const rewardQuery = z.object({
  onError: rolloutErrorPolicySchema.optional().describe("what a rollout that cannot be scored gets: reward null and its error (error, the default), 0 and its error (zero), or the whole request refused with a 422 (fail); the body's onError wins"),
});
const rewardHeaders = z.object({
  "X-Goodhart-Run": z.string().optional().describe("the training run (id or name) of the whole batch, made when new; the body's run wins"),
  "X-Goodhart-Step": z.string().regex(/^\d{1,10}$/).optional().describe(`the training step of the whole batch, digits only, at most ${MAX_TRAINING_STEP}; the body's step wins`),
});

const rubricQuery = z.object({
  rubricVersionId: z.string().optional().describe("the rubric version to score with"),
  environment: z.string().optional().describe("or: the environment whose newest approved version scores"),
  onError: z.enum(["mask", "zero", "fail"]).optional().describe("what a sample that cannot be scored gets"),
});

export const apiOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/jobs",
    tag: "jobs",
    summary: "The project's jobs, newest first",
    query: listJobsQuerySchema,
    success: { status: 200, description: "{jobs: [...]}", schema: listJobsAnswerSchema },
  },
  {
    method: "get",
    path: "/runs",
    tag: "runs",
    summary: "The project's runs, newest first; with name, the run a trainer registered under it, found without registering it again",
    query: listRunsQuerySchema,
    success: { status: 200, description: "{runs: [...]}, each as POST /runs answers it", schema: listRunsAnswerSchema },
  },
  {
    method: "get",
    path: "/runs/{id}",
    tag: "runs",
    summary: "What a run's page shows: the run, its summary and hack-risk verdict (none/watch/likely with evidence), each metric's first and last values, its detections with their numbers",
    success: { status: 200, description: "the run with metrics and detections", schema: runDetailAnswerSchema },
  },
  {
    method: "get",
    path: "/runs/{id}/metrics",
    tag: "runs",
    summary: "Every metric's count and first/last values, or one metric's points paged by step",
    query: metricPointsQuerySchema,
    success: { status: 200, description: "{runId, metrics} or {runId, name, points, nextAfterStep}", schema: runMetricsAnswerSchema },
  },
  {
    method: "get",
    path: "/traces/{id}",
    tag: "traces",
    summary: "What a trace's page shows: the trace, verdicts, item results, edge cases and every step",
    success: {
      status: 200,
      description: "the trace with its steps, in order; a step is named by its index in the trace (it has no id of its own)",
      schema: traceDetailAnswerSchema,
    },
  },
  {
    method: "post",
    path: "/otel/v1/metrics",
    tag: "traces",
    summary: "OTLP/HTTP metric export: accepted and dropped, so an SDK exporting every signal to one endpoint logs no error",
    body: { raw: ["application/json", "application/x-protobuf"], description: "an ExportMetricsServiceRequest" },
    maxBodyBytes: MAX_API_BODY_BYTES,
    success: { status: 200, description: "an empty ExportMetricsServiceResponse" },
    answers: { 415: "a Content-Type or Content-Encoding OTLP/HTTP does not have" },
  },
  {
    method: "post",
    path: "/redteam",
    tag: "red-team",
    summary: "Start a red-team run of a rubric version in the name of the key's creator (reviewer or admin): probe families scored through the reward path, loopholes filed for review",
    body: redteamRequestSchema,
    maxBodyBytes: MAX_JSON_BODY_BYTES,
    success: { status: 202, description: "the run (a job) to poll at GET /redteam/{id}", schema: redteamRunAnswerSchema },
    answers: { 404: "no such rubric version in the key's project" },
  },
  {
    method: "get",
    path: "/redteam/{id}",
    tag: "red-team",
    summary: "A red-team run: families tried with their effects on reward and truth, and the loopholes found",
    success: { status: 200, description: "the run's status and, once done, its report", schema: redteamRunAnswerSchema },
  },
  {
    method: "get",
    path: "/me",
    tag: "keys",
    summary: "The project and key a caller is authenticated as",
    success: { status: 200, description: "{project: {id, slug}, apiKey: {id, name}}", schema: meAnswerSchema },
  },
  {
    method: "get",
    path: "/schema/trace",
    tag: "traces",
    summary: "The JSON Schema of one native trace",
    isPublic: true,
    success: { status: 200, description: "a JSON Schema", mediaType: "application/schema+json" },
  },
  {
    method: "get",
    path: "/openapi.json",
    tag: "meta",
    summary: "This document",
    isPublic: true,
    success: { status: 200, description: "the OpenAPI 3.1 document of /api/v1" },
  },
  {
    method: "post",
    path: "/traces",
    tag: "traces",
    summary: "Ingest a batch of traces: native JSON, or a raw body in another format",
    query: ingestQuerySchema,
    body: traceBatchSchema,
    maxBodyBytes: MAX_API_BODY_BYTES,
    success: {
      status: 200,
      description: "{accepted (new traces), updated (stored traces a part added to), pending (parts kept until the rest of their trace comes), duplicates, rejected: [{index, error}], traceIds}",
      schema: ingestAnswerSchema,
    },
  },
  {
    method: "post",
    path: "/otel/v1/traces",
    tag: "traces",
    summary: "OTLP/HTTP trace export (JSON or protobuf, gzip or not)",
    body: { raw: ["application/json", "application/x-protobuf"], description: "an ExportTraceServiceRequest" },
    maxBodyBytes: MAX_API_BODY_BYTES,
    success: { status: 200, description: "an ExportTraceServiceResponse in the request's encoding; the Goodhart-Job-Ids header names the jobs rebuilding the traces it added to" },
    answers: { 415: "a Content-Type or Content-Encoding OTLP/HTTP does not have" },
  },
  {
    method: "post",
    path: "/otel/v1/logs",
    tag: "traces",
    summary: "OTLP/HTTP export of GenAI log events, joined to their spans",
    body: { raw: ["application/json", "application/x-protobuf"], description: "an ExportLogsServiceRequest" },
    maxBodyBytes: MAX_API_BODY_BYTES,
    success: { status: 200, description: "an ExportLogsServiceResponse in the request's encoding; the Goodhart-Job-Ids header names the jobs rebuilding the traces it added to" },
    answers: { 415: "a Content-Type or Content-Encoding OTLP/HTTP does not have" },
  },
  {
    method: "post",
    path: "/documents",
    tag: "tasks",
    summary: "Add a document (text, Markdown or HTML) and queue its mining",
    body: documentInputSchema,
    maxBodyBytes: MAX_DOCUMENT_BODY_BYTES,
    success: { status: 201, description: "the document and its mining job", schema: uploadedDocumentAnswerSchema },
    answers: {
      200: "the document, when the same text was there: nothing new stored",
      415: "a contentType this does not read",
      422: "the HTML could not be converted to text in time",
      503: "too many PDFs are being read: send it again shortly",
    },
  },
  {
    method: "get",
    path: "/tasks/export",
    tag: "tasks",
    summary: "The tasks whose pass rate lies in a band, as JSONL a trainer's dataset loads",
    query: exportTasksQuerySchema,
    success: { status: 200, description: "JSONL, one task a line", mediaType: "application/x-ndjson" },
  },
  {
    method: "post",
    path: "/tasks/grounding",
    tag: "tasks",
    summary: "Queue a grounding A/B of the project's tasks with context, in the name of the key's creator (reviewer or admin)",
    body: groundingRequestSchema,
    maxBodyBytes: MAX_JSON_BODY_BYTES,
    success: { status: 202, description: "the job to follow at GET /jobs/{id}", schema: groundingStartedAnswerSchema },
    answers: { 404: "a judge or task the body names is not in the key's project" },
  },
  {
    method: "get",
    path: "/distillation",
    tag: "tasks",
    summary: "The environment's turns of stored traces as world-model training data",
    query: distillQuerySchema,
    success: { status: 200, description: "JSONL, one record a trace (messages) or an environment turn (prompt-completion)", mediaType: "application/x-ndjson" },
  },
  {
    method: "post",
    path: "/replay/code-tasks",
    tag: "tasks",
    summary: "A code replay task from a commit's diff",
    body: codeReplayTaskBodySchema,
    maxBodyBytes: MAX_PATCH_BODY_BYTES,
    success: { status: 201, description: "{task, isNew: true}", schema: codeReplayTaskAnswerSchema },
    answers: { 200: "{task, isNew: false}: the same commit or diff gave this task before" },
  },
  {
    method: "post",
    path: "/replay/{id}/score",
    tag: "tasks",
    summary: "Score a patch against a code replay task's reference diff",
    body: codeReplayScoreBodySchema,
    maxBodyBytes: MAX_PATCH_BODY_BYTES,
    success: { status: 200, description: "the score with its parts", schema: codeReplayScoreAnswerSchema },
    answers: { 409: "the task is not a code replay task: it has no reference diff" },
  },
  {
    method: "post",
    path: "/replay/{id}/tool-call",
    tag: "tasks",
    summary: "Replay a tool call against the task's origin trace",
    body: replayToolCallSchema,
    maxBodyBytes: MAX_JSON_BODY_BYTES,
    success: { status: 200, description: "{unseen: false, result, ...} or {unseen: true, ...}", schema: replayToolCallAnswerSchema },
    answers: { 409: "the task has no origin trace to replay" },
  },
  {
    method: "post",
    path: "/reward",
    tag: "reward",
    summary: "Score rollouts with a rubric version; each rollout is stored as a trace",
    query: rewardQuery,
    headers: rewardHeaders,
    body: rewardBody,
    maxBodyBytes: MAX_API_BODY_BYTES,
    success: { status: 200, description: "{rewards, results, errors}", schema: rewardAnswerSchema },
    answers: rewardAnswers,
  },
  {
    method: "post",
    path: "/reward/openrlhf",
    tag: "reward",
    summary: "OpenRLHF's remote reward model protocol",
    query: rubricQuery,
    body: openRlhfRequestSchema,
    maxBodyBytes: MAX_API_BODY_BYTES,
    success: { status: 200, description: "{rewards, scores, extra_logs}", schema: openRlhfAnswerSchema },
    answers: rewardAnswers,
  },
  {
    method: "get",
    path: "/rubric-versions",
    tag: "rubrics",
    summary: "The project's rubric versions",
    query: rubricVersionQuerySchema,
    success: { status: 200, description: "{rubricVersions: [...]}, by environment, newest first", schema: listRubricVersionsAnswerSchema },
  },
  {
    method: "post",
    path: "/rubric-versions",
    tag: "rubrics",
    summary: "Import a version's export JSON as a new draft",
    body: rubricVersionImportSchema,
    maxBodyBytes: MAX_JSON_BODY_BYTES,
    success: { status: 201, description: "the new draft's export JSON", schema: rubricVersionExportSchema },
    answers: { 409: "the rubric has an open draft already, or its approved versions use another hackMode" },
  },
  {
    method: "get",
    path: "/rubric-versions/{id}",
    tag: "rubrics",
    summary: "A rubric version's export JSON",
    success: { status: 200, description: "the version with its items and checks", schema: rubricVersionExportSchema },
  },
  {
    method: "post",
    path: "/rubric-versions/{id}/approve",
    tag: "rubrics",
    summary: "Approve a draft in the name of the key's creator (reviewer or admin)",
    body: approveRubricVersionBodySchema,
    isBodyOptional: true,
    maxBodyBytes: MAX_JSON_BODY_BYTES,
    success: { status: 200, description: "the approved version's export JSON", schema: rubricVersionExportSchema },
    answers: { 409: "the version is approved already, or has no item" },
  },
  {
    method: "get",
    path: "/hacks",
    tag: "hacks",
    summary: "The known-hack corpus with each hack's check and its measured precision and recall",
    query: knownHackQuerySchema,
    success: { status: 200, description: "{hacks: [...]}", schema: listKnownHacksAnswerSchema },
  },
  {
    method: "post",
    path: "/hacks/{id}/decision",
    tag: "hacks",
    summary: "Approve or reject a proposed known hack",
    body: knownHackDecisionBodySchema,
    maxBodyBytes: MAX_JSON_BODY_BYTES,
    success: { status: 200, description: "{hack, rubricVersionId}", schema: knownHackDecisionAnswerSchema },
    answers: { 409: "decided already, or its check is still being measured" },
  },
  {
    method: "post",
    path: "/hacks/{id}/check",
    tag: "hacks",
    summary: "Replace a proposed hack's check (a next-best candidate, or an edit), measured before it is saved",
    body: knownHackCheckBodySchema,
    maxBodyBytes: MAX_JSON_BODY_BYTES,
    success: { status: 200, description: "{hack}", schema: knownHackCheckAnswerSchema },
    answers: { 409: "decided already: its check can no longer change" },
  },
  {
    method: "get",
    path: "/edge-cases",
    tag: "review",
    summary: "The review queue",
    query: edgeCaseQuerySchema,
    success: { status: 200, description: "the page of cases asked for, with the total", schema: edgeCaseListSchema },
  },
  {
    method: "get",
    path: "/edge-cases/export",
    tag: "review",
    summary: "The project's decided cases, one decision a line",
    success: { status: 200, description: "JSONL", mediaType: "application/x-ndjson" },
  },
  {
    method: "post",
    path: "/edge-cases/{id}/decision",
    tag: "review",
    summary: "Decide a case in the name of the key's creator (reviewer or admin)",
    body: decideBodySchema,
    maxBodyBytes: MAX_JSON_BODY_BYTES,
    success: { status: 200, description: "the decided case", schema: decidedCaseSchema },
    answers: decidedAlready,
  },
  {
    method: "post",
    path: "/edge-cases/{id}/undo",
    tag: "review",
    summary: "Take back a decision made within the last 24 hours",
    success: { status: 200, description: "the reopened case", schema: undoneDecisionSchema },
    answers: { 409: "the case is not decided, or its decision is older than 24 hours" },
  },
  {
    method: "post",
    path: "/runs",
    tag: "runs",
    summary: "Register a trainer's run by name (the same name is the same run)",
    body: registerRunSchema,
    maxBodyBytes: MAX_JSON_BODY_BYTES,
    success: { status: 201, description: "the run, made now", schema: registerRunAnswerSchema },
    answers: { 200: "the run, found by its name (the fields sent update it)" },
  },
  {
    method: "post",
    path: "/runs/{id}/metrics",
    tag: "runs",
    summary: "Metric points, idempotent on run, name and step",
    body: metricPointsBodySchema,
    maxBodyBytes: MAX_API_BODY_BYTES,
    success: { status: 200, description: "{runId, ...} with the counts of points written", schema: metricPointsAnswerSchema },
  },
  {
    method: "post",
    path: "/runs/{id}/events",
    tag: "runs",
    summary: "Run events: checkpoint, rubric_changed, note, finished, failed",
    body: z.union([runEventListSchema, runEventSchema]),
    maxBodyBytes: MAX_JSON_BODY_BYTES,
    success: { status: 200, description: "{runId, ...} with the events stored", schema: runEventsAnswerSchema },
  },
  {
    method: "get",
    path: "/jobs/{id}",
    tag: "jobs",
    summary: "A job's status and progress",
    success: { status: 200, description: "the job", schema: jobAnswerSchema },
  },
];
