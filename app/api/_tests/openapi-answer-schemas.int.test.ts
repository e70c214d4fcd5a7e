import { beforeAll, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { POST as postDecision } from "@/app/api/v1/edge-cases/[id]/decision/route";
import { POST as postUndo } from "@/app/api/v1/edge-cases/[id]/undo/route";
import { GET as getMe } from "@/app/api/v1/me/route";
import { GET as getEdgeCases } from "@/app/api/v1/edge-cases/route";
import { GET as getJob } from "@/app/api/v1/jobs/[id]/route";
import { GET as getJobs } from "@/app/api/v1/jobs/route";
import { POST as postOpenRlhf } from "@/app/api/v1/reward/openrlhf/route";
import { POST as postReward } from "@/app/api/v1/reward/route";
import { POST as postApprove } from "@/app/api/v1/rubric-versions/[id]/approve/route";
import { POST as postRubricVersion } from "@/app/api/v1/rubric-versions/route";
import { POST as postEvents } from "@/app/api/v1/runs/[id]/events/route";
import { GET as getMetrics, POST as postMetrics } from "@/app/api/v1/runs/[id]/metrics/route";
import { GET as getRun } from "@/app/api/v1/runs/[id]/route";
import { POST as postRun } from "@/app/api/v1/runs/route";
import { GET as getTrace } from "@/app/api/v1/traces/[id]/route";
import { POST as postTraces } from "@/app/api/v1/traces/route";
import { getDb } from "@/lib/db/client";
import { errorBodySchema } from "@/lib/http/error-answer";
import { runJobNow } from "@/lib/jobs/run-job-now";
import { runDivergenceHandler, runDivergenceJob } from "@/lib/monitor/run-divergence-job";
import { callRoute, keyActingAs, routeTestProjects, type RouteHandler } from "@/lib/next/route-test";
import { apiOperations } from "@/lib/openapi/api-operations";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { uniqueName } from "@/lib/testing/factories";
import { runPendingJobs } from "@/workers/run-pending-jobs";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));

// A client generated from the document trusts its answer schemas: each covered route is called for
// real and its JSON parsed with the schema the document is built from. The schemas are strict where
// the answer is fixed-shape, so a field the server adds or drops without the document fails here.
const db = getDb();
const [project] = routeTestProjects(["openapi-answer-schemas"], { members: ["reviewer"] });
const document = buildOpenApiDocument({ version: "test" });
let reviewerKey: string;
beforeAll(async () => {
  reviewerKey = await keyActingAs(project.id, project.members.reviewer, "openapi-answer-schemas");
});

/** The operations whose answers the tests below parse: each has an answer schema, and each typed operation is here. */
const covered = [
  "post /reward",
  "post /reward/openrlhf",
  "post /runs",
  "get /runs/{id}",
  "post /runs/{id}/metrics",
  "get /runs/{id}/metrics",
  "post /runs/{id}/events",
  "post /traces",
  "get /traces/{id}",
  "get /jobs/{id}",
  "get /jobs",
  "get /edge-cases",
  "post /edge-cases/{id}/decision",
  "post /edge-cases/{id}/undo",
  "get /me",
];

/** The documented answer schema of an operation (`{}` in the document when none is written). */
function documented(method: "get" | "post", path: string): z.ZodType {
  const operation = apiOperations.find((candidate) => candidate.method === method && candidate.path === path);
  expect(operation?.success.schema, `${method} ${path} has no answer schema`).toBeDefined();
  return operation!.success.schema!;
}

/** Calls the route, expects `status`, parses its JSON with the documented schema; answers the parsed body. */
async function answer(handler: RouteHandler, method: "get" | "post", path: string, status: number, call: { body?: unknown; params?: Record<string, string>; query?: string } = {}) {
  const url = `/api/v1${path.replace(/\{(\w+)\}/g, (_, name: string) => call.params![name]!)}${call.query ?? ""}`;
  const response = await callRoute(handler, url, { method: method.toUpperCase(), key: reviewerKey, body: call.body, params: call.params });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBe(status);
  const parsed = documented(method, path).safeParse(JSON.parse(text));
  expect(parsed.error?.issues, `${method} ${path} answered what its document does not say: ${text}`).toBeUndefined();
  expect(covered).toContain(`${method} ${path}`);
  return parsed.data as Record<string, unknown> & { id: string };
}

const exportOf = (environment: string) => ({
  format: "goodhart.rubric-version/1",
  environment,
  items: [
    { key: "claims_refund", question: "Claims a refund?", polarity: "hack", check: { kind: "regex", pattern: "refund", flags: "i" } },
    { key: "polite", question: "Says thanks?", polarity: "good", check: { kind: "regex", pattern: "thank", flags: "i" } },
  ],
});

/** The proxy climbs from step 60 while the held-out success slides: the monitor opens a held-out gap. */
const wobble = (step: number, salt: number) => Math.sin(step * 12.9898 + salt * 78.233) * 0.5 + Math.sin(step * 4.1414 + salt) * 0.5;
const pointsFor = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i).flatMap((step) => [
    { step, name: "reward/proxy", value: 0.4 + 0.005 * Math.max(0, step - 60) + 0.03 * wobble(step, 1) },
    { step, name: "success/heldout", value: 0.6 - 0.002 * Math.max(0, step - 60) + 0.03 * wobble(step, 2) },
  ]);

describe("the answers the document types are the answers the routes give", () => {
  it("POST /reward and /reward/openrlhf, scored and unscored rollouts", async () => {
    const environment = await approvedEnvironment();
    const reward = await answer(postReward, "post", "/reward", 200, {
      body: {
        environment,
        run: uniqueName("run"),
        step: 1,
        rollouts: [{ prompt: "Where is my order?", completion: "Thank you, I issued a refund." }, { messages: [{ role: "robot", content: "x" }] }],
      },
    });
    expect(reward).toMatchObject({ rewards: [expect.any(Number), null], errors: [{ index: 1, status: "error" }], traceIds: [expect.any(String), null] });
    expect((reward.jobIds as string[]).length).toBeGreaterThan(0);
    // A sample id stored with other content is that rollout's error, in the same shape.
    const sampleId = uniqueName("sample");
    await answer(postReward, "post", "/reward", 200, { body: { environment, rollouts: [{ sampleId, prompt: "p", completion: "thanks" }] } });
    const conflict = await answer(postReward, "post", "/reward", 200, { body: { environment, rollouts: [{ sampleId, prompt: "p", completion: "a refund" }] } });
    expect(conflict).toMatchObject({ rewards: [null], errors: [{ index: 0, status: "error", error: expect.stringContaining("sampleId") }] });
    const openRlhf = await answer(postOpenRlhf, "post", "/reward/openrlhf", 200, {
      query: `?environment=${environment}`,
      body: { query: ["Where is my order? Thanks, it ships today.", 42], prompts: ["Where is my order?", "x"] },
    });
    expect(openRlhf.rewards).toHaveLength(2);
    expect(Object.keys(openRlhf.extra_logs as object)).toEqual(expect.arrayContaining(["claims_refund", "polite", "reward_error", "reward_mask"]));
  });

  it("POST /runs (made and found), its metrics and events, GET /runs/{id} with a detection, the jobs that found it", async () => {
    const name = uniqueName("run");
    const run = await answer(postRun, "post", "/runs", 201, { body: { name, trainer: "trl", environment: "refunds", config: { lr: 1e-6 } } });
    expect(await answer(postRun, "post", "/runs", 200, { body: { name } })).toEqual({ ...run, created: false });
    const params = { id: run.id };
    let jobIds: string[] = [];
    for (const [from, to] of [
      [1, 60],
      [61, 120],
    ]) {
      jobIds = (await answer(postMetrics, "post", "/runs/{id}/metrics", 200, { body: { points: pointsFor(from!, to!) }, params })).jobIds as string[];
    }
    expect(await answer(postEvents, "post", "/runs/{id}/events", 200, { body: { events: [{ kind: "checkpoint", step: 60 }, { kind: "note", message: "halfway" }] }, params })).toEqual({
      runId: run.id,
      accepted: 2,
      duplicates: 0,
    });
    await runPendingJobs(db, { projectId: project.id, types: ["pipeline.event"] });
    const divergence = await db.job.findUniqueOrThrow({ where: { idempotencyKey: `runs.divergence:${run.id}` } });
    expect(await runJobNow(db, { jobId: divergence.id, type: runDivergenceJob, handle: runDivergenceHandler.handle })).toBe("succeeded");

    const detail = await answer(getRun, "get", "/runs/{id}", 200, { params });
    expect(detail).toMatchObject({ hackRisk: { level: expect.any(String) }, metrics: [{ name: "reward/proxy" }, { name: "success/heldout" }] });
    expect((detail.detections as unknown[]).length).toBeGreaterThan(0);
    expect(await answer(getJob, "get", "/jobs/{id}", 200, { params: { id: jobIds[0]! } })).toMatchObject({ status: "succeeded" });
    expect(await answer(getJob, "get", "/jobs/{id}", 200, { params: { id: divergence.id } })).toMatchObject({ status: "succeeded", result: expect.anything() });
    expect(await answer(getMetrics, "get", "/runs/{id}/metrics", 200, { params })).toMatchObject({ runId: run.id, metrics: [{ points: 120 }, { points: 120 }] });
    const page = await answer(getMetrics, "get", "/runs/{id}/metrics", 200, { params, query: "?name=reward/proxy&limit=100" });
    expect(page).toMatchObject({ name: "reward/proxy", nextAfterStep: 100 });
    expect(await answer(getMetrics, "get", "/runs/{id}/metrics", 200, { params, query: "?name=reward/proxy&afterStep=100" })).toMatchObject({ nextAfterStep: null });
    const onRun = await answer(getEdgeCases, "get", "/edge-cases", 200, { query: `?run=${run.id}` });
    expect(onRun).toMatchObject({ edgeCases: [{ rule: "held_out_gap", summary: expect.any(String), runPriority: expect.any(Number) }] });
    const { jobs } = await answer(getJobs, "get", "/jobs", 200, { query: "?limit=50" });
    expect((jobs as Array<{ id: string }>).map((job) => job.id)).toContain(divergence.id);
  });

  it("GET /me", async () => {
    expect(await answer(getMe, "get", "/me", 200)).toMatchObject({ project: { id: project.id, slug: project.slug } });
  });

  it("POST /traces: stored, a duplicate and a rejected trace", async () => {
    const externalId = uniqueName("trace");
    const trace = { externalId, environment: "refunds", steps: [{ role: "user", content: "Where is my order?" }, { role: "assistant", content: "It ships today." }] };
    expect(await answer(postTraces, "post", "/traces", 200, { body: { traces: [trace] } })).toMatchObject({ accepted: 1, traceIds: [expect.any(String)] });
    const again = await answer(postTraces, "post", "/traces", 200, { body: { traces: [trace, { steps: [{ role: "robot" }] }] } });
    expect(again).toMatchObject({ accepted: 0, duplicates: 1, rejected: [{ index: 1, error: expect.any(String) }] });
  });

  it("GET /traces/{id} and GET /edge-cases: a rewarded rollout with its item results, a verdict, a review case and its steps", async () => {
    const environment = await approvedEnvironment();
    const { traceIds } = await answerOf(postReward, "/api/v1/reward", {
      body: { environment, rollouts: [{ prompt: "Where is my order?", completion: "Thanks for waiting: I issued a refund." }] },
    });
    const traceId = (traceIds as string[])[0]!;
    const judge = await db.judge.create({ data: { projectId: project.id, name: uniqueName("judge"), kind: "llm", versions: { create: { version: 1, config: {} } } }, include: { versions: true } });
    await db.verdict.create({ data: { projectId: project.id, traceId, judgeVersionId: judge.versions[0]!.id, label: "fail", score: 0, rationale: "promised a refund", issues: ["refund"] } });
    const edgeCase = await db.edgeCase.create({
      data: {
        projectId: project.id,
        kind: "suspected_hack",
        rule: "reward_high_hack_fires",
        environment,
        groupKey: uniqueName("group"),
        priority: 1,
        subjectType: "trace",
        title: "t",
        explanation: "e",
        assigneeId: project.members.reviewer.id,
        examples: { create: { traceId, detail: { explanation: "paid while it claimed a refund" } } },
      },
    });
    const detail = await answer(getTrace, "get", "/traces/{id}", 200, { params: { id: traceId } });
    expect(detail).toMatchObject({ verdicts: [{ label: "fail" }], edgeCases: [{ title: "t" }], finalReply: { from: expect.any(String) } });
    expect((detail.itemResults as unknown[]).length).toBe(2);
    expect((detail.steps as unknown[]).length).toBe(2);
    const queue = await answer(getEdgeCases, "get", "/edge-cases", 200, { query: `?environment=${environment}&limit=1` });
    expect(queue).toMatchObject({
      total: 1,
      edgeCases: [{ assignee: { id: project.members.reviewer.id }, examples: [{ traceId, why: "paid while it claimed a refund", verdicts: [{ label: "fail" }] }] }],
    });
    expect((queue.edgeCases as Array<{ examples: Array<{ firedItems: unknown[] }> }>)[0]!.examples[0]!.firedItems).toHaveLength(2);
    const decided = await answer(postDecision, "post", "/edge-cases/{id}/decision", 200, { body: { decision: "confirm_hack", note: "a refund it never made" }, params: { id: edgeCase.id } });
    expect(decided).toMatchObject({ id: edgeCase.id, decision: "confirm_hack", labels: 1, knownHackId: expect.any(String) });
    expect(await answer(getEdgeCases, "get", "/edge-cases", 200, { query: `?environment=${environment}&status=decided` })).toMatchObject({
      edgeCases: [{ status: "decided", decision: "confirm_hack", note: "a refund it never made", decidedBy: project.members.reviewer.email, decidedAt: expect.any(String) }],
    });
    expect(await answer(postUndo, "post", "/edge-cases/{id}/undo", 200, { params: { id: edgeCase.id } })).toEqual({
      id: edgeCase.id,
      decision: "confirm_hack",
      labelsWithdrawn: 1,
      knownHackWithdrawn: decided.knownHackId,
      knownHackKept: null,
    });
  });

  it("the Error shape: 400, 401, 404, 409 and 422 answers of covered routes", async () => {
    const environment = await approvedEnvironment();
    const draft = await answerOf(postRubricVersion, "/api/v1/rubric-versions", { body: exportOf(uniqueName("env")) });
    const errors = [
      [400, await callRoute(postRun, "/api/v1/runs", { key: reviewerKey, body: { name: "" } })],
      [401, await callRoute(getJobs, "/api/v1/jobs", { key: "gh_not_a_key" })],
      [404, await callRoute(getRun, "/api/v1/runs/no-such-run", { key: reviewerKey, params: { id: "no-such-run" } })],
      [409, await callRoute(postReward, "/api/v1/reward", { key: reviewerKey, body: { rubricVersionId: draft.id, rollouts: [{ prompt: "p", completion: "c" }] } })],
      [422, await callRoute(postReward, "/api/v1/reward", { key: reviewerKey, body: { environment, onError: "fail", rollouts: [{ messages: [{ role: "robot", content: "x" }] }] } })],
    ] as const;
    for (const [status, response] of errors) {
      const text = await response.text();
      expect(response.status, text).toBe(status);
      const parsed = errorBodySchema.safeParse(JSON.parse(text));
      expect(parsed.error?.issues, `a ${status} answered what the Error schema does not say: ${text}`).toBeUndefined();
    }
  });

  it("every operation with an answer schema is one called above, and its schema is in the document", () => {
    const typed = apiOperations.filter((operation) => operation.success.schema).map((operation) => `${operation.method} ${operation.path}`);
    expect([...covered].sort()).toEqual([...typed].sort());
    for (const key of typed) {
      const [method, path] = key.split(" ") as [string, string];
      const responses = (document.paths[path] as Record<string, { responses: Record<string, { content: Record<string, { schema: object }> }> }>)[method]!.responses;
      for (const [status, response] of Object.entries(responses).filter(([status]) => status.startsWith("2"))) {
        expect(Object.keys(response.content["application/json"]!.schema), `${key} ${status}`).not.toHaveLength(0);
      }
    }
  });
});

/** A setup call (not itself under test) that must succeed. */
async function answerOf(handler: RouteHandler, path: string, { body, params }: { body?: unknown; params?: Record<string, string> }) {
  const response = await callRoute(handler, path, { method: "POST", key: reviewerKey, body, params });
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  return JSON.parse(text) as Record<string, unknown> & { id: string };
}

/** A new environment with an approved rubric version of two regex items (a hack and a good one). */
async function approvedEnvironment() {
  const environment = uniqueName("env");
  const draft = await answerOf(postRubricVersion, "/api/v1/rubric-versions", { body: exportOf(environment) });
  await answerOf(postApprove, `/api/v1/rubric-versions/${draft.id}/approve`, { params: { id: draft.id } });
  return environment;
}
