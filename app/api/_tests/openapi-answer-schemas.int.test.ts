import { beforeAll, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { POST as postDocument } from "@/app/api/v1/documents/route";
import { POST as postDecision } from "@/app/api/v1/edge-cases/[id]/decision/route";
import { POST as postUndo } from "@/app/api/v1/edge-cases/[id]/undo/route";
import { GET as getMe } from "@/app/api/v1/me/route";
import { GET as getEdgeCases } from "@/app/api/v1/edge-cases/route";
import { GET as getJob } from "@/app/api/v1/jobs/[id]/route";
import { GET as getJobs } from "@/app/api/v1/jobs/route";
import { POST as postHackCheck } from "@/app/api/v1/hacks/[id]/check/route";
import { POST as postHackDecision } from "@/app/api/v1/hacks/[id]/decision/route";
import { GET as getHacks } from "@/app/api/v1/hacks/route";
import { GET as getRedteamRun } from "@/app/api/v1/redteam/[id]/route";
import { POST as postRedteam } from "@/app/api/v1/redteam/route";
import { POST as postScore } from "@/app/api/v1/replay/[id]/score/route";
import { POST as postToolCall } from "@/app/api/v1/replay/[id]/tool-call/route";
import { POST as postCodeTask } from "@/app/api/v1/replay/code-tasks/route";
import { POST as postOpenRlhf } from "@/app/api/v1/reward/openrlhf/route";
import { POST as postReward } from "@/app/api/v1/reward/route";
import { POST as postApprove } from "@/app/api/v1/rubric-versions/[id]/approve/route";
import { GET as getRubricVersion } from "@/app/api/v1/rubric-versions/[id]/route";
import { GET as getRubricVersions, POST as postRubricVersion } from "@/app/api/v1/rubric-versions/route";
import { POST as postEvents } from "@/app/api/v1/runs/[id]/events/route";
import { GET as getMetrics, POST as postMetrics } from "@/app/api/v1/runs/[id]/metrics/route";
import { GET as getRun } from "@/app/api/v1/runs/[id]/route";
import { GET as getRuns, POST as postRun } from "@/app/api/v1/runs/route";
import { POST as postGrounding } from "@/app/api/v1/tasks/grounding/route";
import { GET as getTrace } from "@/app/api/v1/traces/[id]/route";
import { POST as postTraces } from "@/app/api/v1/traces/route";
import { systemActor } from "@/lib/audit/record-audit-event";
import { getDb } from "@/lib/db/client";
import { createKnownHack } from "@/lib/hacks/create-known-hack";
import { errorBodySchema } from "@/lib/http/error-answer";
import { runJobNow } from "@/lib/jobs/run-job-now";
import { createJudge } from "@/lib/judges/save-judge";
import { seedLabRedteamWorld } from "@/lib/lab/seed-lab-redteam-world";
import { runDivergenceHandler, runDivergenceJob } from "@/lib/monitor/run-divergence-job";
import { callRoute, keyActingAs, routeTestProjects, type RouteHandler } from "@/lib/next/route-test";
import { apiOperations } from "@/lib/openapi/api-operations";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { redteamHandler, redteamJob } from "@/lib/redteam/redteam-job";
import { groundingJob, handleGrounding } from "@/lib/tasks/grounding-job";
import { registerGroundingPolicy } from "@/lib/tasks/grounding-policy";
import { makeEdgeCase, uniqueName } from "@/lib/testing/factories";
import { traceSchema } from "@/lib/traces/trace-schema";
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
  "get /runs",
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
  "post /documents",
  "post /replay/code-tasks",
  "post /replay/{id}/score",
  "post /replay/{id}/tool-call",
  "get /rubric-versions",
  "post /rubric-versions",
  "get /rubric-versions/{id}",
  "post /rubric-versions/{id}/approve",
  "get /hacks",
  "post /hacks/{id}/decision",
  "post /hacks/{id}/check",
  "post /tasks/grounding",
  "post /redteam",
  "get /redteam/{id}",
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

    expect(await answer(getRuns, "get", "/runs", 200, { query: `?name=${encodeURIComponent(name)}` })).toEqual({ runs: [expect.objectContaining({ id: run.id })] });
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
    // Not an llm judge: its empty config would be the project's document miner, and POST /documents would refuse it.
    const judge = await db.judge.create({ data: { projectId: project.id, name: uniqueName("judge"), kind: "reference", versions: { create: { version: 1, config: {} } } }, include: { versions: true } });
    await db.verdict.create({ data: { projectId: project.id, traceId, judgeVersionId: judge.versions[0]!.id, label: "fail", score: 0, rationale: "promised a refund", issues: ["refund"] } });
    const edgeCase = await makeEdgeCase(db, { projectId: project.id, environment, title: "t", assigneeId: project.members.reviewer.id, examples: [{ traceId, detail: { explanation: "paid while it claimed a refund" } }] });
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

  it("POST /documents, stored and found by its text", async () => {
    const text = `${uniqueName("policy")}: refunds over $100 need a manager.`;
    const made = await answer(postDocument, "post", "/documents", 201, { body: { name: "policy.md", text } });
    expect(made).toMatchObject({ title: "policy.md", contentType: "text/markdown", chars: text.length, created: true, miningJobId: expect.any(String) });
    expect(await answer(postDocument, "post", "/documents", 200, { body: { name: "again.md", text, mine: false } })).toMatchObject({
      id: made.id,
      created: false,
      miningJobId: null,
    });
  });

  it("POST /replay/code-tasks (made and found), a patch scored with and without tests, a tool call replayed seen and unseen", async () => {
    const patch = "diff --git a/x.py b/x.py\n--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a = 1\n+a = 2\n";
    const message = uniqueName("fix a");
    const made = await answer(postCodeTask, "post", "/replay/code-tasks", 201, { body: { patch, message } });
    expect(made).toMatchObject({ isNew: true, task: { origin: "diff", prompt: message, metadata: { kind: "code-replay", files: ["x.py"] } } });
    expect(await answer(postCodeTask, "post", "/replay/code-tasks", 200, { body: { patch, message } })).toEqual({ ...made, isNew: false });
    const params = { id: (made.task as { id: string }).id };
    expect(await answer(postScore, "post", "/replay/{id}/score", 200, { body: { patch }, params })).toMatchObject({ score: 1, tests: null });
    expect(await answer(postScore, "post", "/replay/{id}/score", 200, { body: { patch, tests: { passed: 1, failed: 1 } }, params })).toMatchObject({
      score: 0.75,
      files: { matched: ["x.py"] },
      tests: { score: 0.5, passed: 1, failed: 1 },
    });

    const externalId = uniqueName("desk");
    const steps = [
      { role: "user", content: "Refund order A-17." },
      { type: "tool_call", role: "assistant", name: "lookup_order", arguments: { orderId: "A-17" }, result: { status: "delivered", amount: 42.5 } },
      { role: "assistant", content: "Refunded." },
    ];
    const { traceIds } = await answerOf(postTraces, "/api/v1/traces", { body: { traces: [{ externalId, environment: "refunds", steps }] } });
    const task = await db.task.create({
      data: {
        projectId: project.id,
        externalId,
        environment: "refunds",
        origin: "mined",
        prompt: "Refund order A-17.",
        originTraceId: (traceIds as string[])[0]!,
      },
    });
    const seen = await answer(postToolCall, "post", "/replay/{id}/tool-call", 200, {
      body: { name: "lookup_order", arguments: { orderId: "A-17" } },
      params: { id: task.id },
    });
    expect(seen).toEqual({
      unseen: false,
      tool: "lookup_order",
      result: { status: "delivered", amount: 42.5 },
      error: null,
      occurrence: 0,
      recordedOccurrences: 1,
    });
    const unseen = await answer(postToolCall, "post", "/replay/{id}/tool-call", 200, {
      body: { name: "lookup_order", arguments: '{"orderId": "B-2"}' },
      params: { id: task.id },
    });
    expect(unseen).toMatchObject({ unseen: true, arguments: { orderId: "B-2" }, recordedCallsOfTool: [{ orderId: "A-17" }] });
  });

  it("POST /rubric-versions, GET it and the list, approve it", async () => {
    const environment = uniqueName("env");
    const draft = await answer(postRubricVersion, "post", "/rubric-versions", 201, { body: exportOf(environment) });
    expect(draft).toMatchObject({
      environment,
      version: 1,
      status: "draft",
      approvedBy: null,
      items: [{ key: "claims_refund", check: { kind: "regex" } }, { key: "polite" }],
    });
    expect(await answer(getRubricVersion, "get", "/rubric-versions/{id}", 200, { params: { id: draft.id } })).toEqual(draft);
    expect(await answer(getRubricVersions, "get", "/rubric-versions", 200, { query: `?environment=${environment}` })).toEqual({
      rubricVersions: [expect.objectContaining({ id: draft.id, status: "draft", items: 2, createdBy: project.members.reviewer.email, approvedAt: null })],
    });
    const approved = await answer(postApprove, "post", "/rubric-versions/{id}/approve", 200, { body: { note: "checked" }, params: { id: draft.id } });
    expect(approved).toMatchObject({
      id: draft.id,
      status: "approved",
      note: "checked",
      approvedBy: project.members.reviewer.email,
      approvedAt: expect.any(String),
    });
    expect(await answer(getRubricVersions, "get", "/rubric-versions", 200, { query: `?environment=${environment}&status=approved` })).toMatchObject({
      rubricVersions: [{ id: draft.id, approvedBy: project.members.reviewer.email }],
    });
  });

  it("GET /hacks, and a proposed hack approved into its environment's draft and another rejected", async () => {
    const environment = await approvedEnvironment();
    const propose = (name: string) =>
      createKnownHack(db, {
        projectId: project.id,
        environment,
        name: uniqueName(name),
        description: "claims a refund it never made",
        proposedItem: { key: name, question: "Claims a refund?", polarity: "hack", check: { kind: "regex", pattern: "refunded" } },
        actor: systemActor,
      });
    const [{ hack: kept }, { hack: dropped }] = [await propose("claims_refunded"), await propose("says_refunded")];
    const listed = await answer(getHacks, "get", "/hacks", 200, { query: `?environment=${environment}&status=proposed` });
    expect((listed.hacks as Array<{ id: string }>).map((hack) => hack.id).sort()).toEqual([kept.id, dropped.id].sort());
    expect((listed.hacks as Array<{ id: string }>).find((hack) => hack.id === kept.id)).toMatchObject({
      status: "proposed",
      check: { kind: "regex", pattern: "refunded" },
      induction: "done",
      rubricItems: [],
    });
    // A reviewer picks another check through the API (a next-best candidate, or an edit): measured, then saved on the proposal.
    const edited = await answer(postHackCheck, "post", "/hacks/{id}/check", 200, { body: { check: { kind: "regex", pattern: "refunded|refund is on its way" } }, params: { id: kept.id } });
    expect(edited).toMatchObject({ hack: { id: kept.id, status: "proposed", check: { kind: "regex", pattern: "refunded|refund is on its way" }, warning: null } });
    const approved = await answer(postHackDecision, "post", "/hacks/{id}/decision", 200, { body: { decision: "approve" }, params: { id: kept.id } });
    expect(approved).toMatchObject({
      rubricVersionId: expect.any(String),
      hack: { id: kept.id, status: "approved", decidedBy: project.members.reviewer.email, rubricItems: [{ status: "draft" }] },
    });
    const rejected = await answer(postHackDecision, "post", "/hacks/{id}/decision", 200, {
      body: { decision: "reject", note: "not a hack" },
      params: { id: dropped.id },
    });
    expect(rejected).toMatchObject({ rubricVersionId: null, hack: { status: "rejected", decisionNote: "not a hack" } });
  });

  it("POST /tasks/grounding, and the job it names run to its result", async () => {
    const policy = uniqueName("knows-with-context");
    // A policy that knows the code only when the task's context is in its prompt.
    registerGroundingPolicy({
      name: policy,
      rollout: async ({ task, withContext }) =>
        traceSchema.parse({
          steps: [
            { role: "user", content: task.prompt },
            { role: "assistant", content: withContext ? "The code is 7314." : "I do not know." },
          ],
        }),
    });
    const environment = uniqueName("grounding");
    const task = await db.task.create({
      data: {
        projectId: project.id,
        externalId: `${environment}/code`,
        environment,
        origin: "mined",
        prompt: "What is the vault code?",
        referenceAnswer: "7314",
        context: { document: "The vault code is 7314." },
      },
    });
    const { judge } = await createJudge(db, { projectId: project.id, input: { name: uniqueName("reference"), config: { kind: "reference" } } });
    const started = await answer(postGrounding, "post", "/tasks/grounding", 202, {
      body: { policy: { kind: "registered", name: policy }, judgeIds: [judge.id], taskIds: [task.id], samples: 1 },
    });
    expect(started).toEqual({ jobId: expect.any(String), status: "queued" });
    expect(await runJobNow(db, { jobId: started.jobId as string, type: groundingJob, handle: handleGrounding })).toBe("succeeded");
    const job = await answer(getJob, "get", "/jobs/{id}", 200, { params: { id: started.jobId as string } });
    expect(job).toMatchObject({ type: "tasks.grounding", status: "succeeded", result: { tasks: 1, measured: [{ taskId: task.id, gap: 1 }] } });
  });

  it("POST /redteam (queued) and GET /redteam/{id} once it has run, with its report: a loophole with its stored probes, families with too few pairs for an interval, a judge's biases", async () => {
    const { rubricVersionId } = await seedLabRedteamWorld(db, { projectId: project.id, seed: 611, count: 30 });
    const queued = await answer(postRedteam, "post", "/redteam", 202, { body: { rubricVersionId, rollouts: 20, judges: ["sim-length-biased"] } });
    expect(queued).toMatchObject({
      status: "queued",
      finishedAt: null,
      report: null,
      request: { rubricVersionId, rollouts: 20, judges: ["sim-length-biased"], referee: [], seed: 1 },
    });
    expect(await runJobNow(db, { jobId: queued.id, type: redteamJob, handle: redteamHandler.handle })).toBe("succeeded");
    const run = await answer(getRedteamRun, "get", "/redteam/{id}", 200, { params: { id: queued.id } });
    expect(run).toMatchObject({
      id: queued.id,
      status: "succeeded",
      progress: 1,
      finishedAt: expect.any(String),
      report: { rubricVersionId, judgeBias: [{ judge: "sim-length-biased", simulated: true }] },
    });
    type Family = { id: string; probes: number; reward: { low: number | null }; examples: Array<{ probeTraceId?: string | null }> };
    const report = run.report as { loopholes: string[]; families: Family[] };
    expect(report.loopholes).toContain("claim_without_action:issue_refund");
    const loophole = report.families.find((family) => family.id === "claim_without_action:issue_refund")!;
    expect(loophole.examples[0]!.probeTraceId).toEqual(expect.any(String));
    // An interval with fewer than two pairs is unbounded: JSON has no infinity, so its ends are null.
    const thin = report.families.filter((family) => family.probes < 2);
    expect(thin.length).toBeGreaterThan(0);
    expect(thin.map((family) => family.reward.low)).toEqual(thin.map(() => null));
  }, 120_000);

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
