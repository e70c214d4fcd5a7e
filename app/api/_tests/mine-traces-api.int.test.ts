import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { POST as postMineTraces } from "@/app/api/tasks/mine-traces/route";
import { POST as postToolCall } from "@/app/api/v1/replay/[id]/tool-call/route";
import { getDb } from "@/lib/db/client";
import { tauBenchReader } from "@/lib/ingest/formats/tau-bench";
import { runJobNow } from "@/lib/jobs/run-job-now";
import { datasetsDir } from "@/lib/testing/datasets-dir";
import { uniqueName } from "@/lib/testing/factories";
import { storeTraces } from "@/lib/traces/store-traces";
import { traceSchema, type TraceInput } from "@/lib/traces/trace-schema";
import { handleMineTracesJob, mineTracesJob } from "@/lib/tasks/mine-tasks-from-traces-job";
import { mineTasksFromTraces, type MineTracesResult } from "@/lib/tasks/mine-tasks-from-traces";
import { callRoute, routeTestProjects, signedIn } from "@/lib/next/route-test";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));
vi.mock("@/lib/next/current-project", () => import("@/lib/next/route-test").then(({ currentProjectMock }) => currentProjectMock));

const db = getDb();
const [project, other] = routeTestProjects(["mine-traces", "mine-traces-other"], { members: ["reviewer", "viewer"] });
const environment = uniqueName("desk");
const tauIds: string[] = [];
let deskTraceId: string;
let emptyTraceId: string;

// Three tau-bench airline trajectories as the importer stores them, and two traces of our own.
const rawTau = (JSON.parse(readFileSync(join(datasetsDir, "tau-bench/gpt-4o-airline.json"), "utf8")) as unknown[]).slice(0, 3);
const endState = { refunds: [{ orderId: "A-17", amount: 42.5 }], replies: [{ claim: "refund_issued" }] };
const deskTrace: TraceInput = {
  source: "production",
  environment,
  endState,
  steps: [
    { role: "user", content: "Please refund order A-17, it arrived broken." },
    { type: "tool_call", role: "assistant", name: "lookup_order", arguments: { orderId: "A-17" }, result: { status: "delivered", amount: 42.5 } },
    { type: "tool_call", role: "assistant", name: "issue_refund", arguments: { orderId: "A-17", amount: 42.5 }, result: { ok: true } },
    { role: "assistant", content: "Your refund of 42.50 for order A-17 has been issued." },
  ],
};
const chatOnly: TraceInput = {
  source: "production",
  environment,
  steps: [
    { role: "user", content: "hello" },
    { role: "assistant", content: "hi" },
  ],
};
// A call whose reply never arrived and no end state or answer: the trace is skipped, and says why.
const noReference: TraceInput = {
  source: "production",
  environment,
  steps: [
    { role: "user", content: "check A-9" },
    { type: "tool_call", role: "assistant", name: "lookup_order", arguments: { orderId: "A-9" }, result: { status: "lost" } },
  ],
};

beforeAll(async () => {
  signedIn.projectSlug = project.slug;
  const tau = [...tauBenchReader.mapDocument!(rawTau, {})].map((item, index) => {
    if (!item.ok) throw new Error(item.error);
    return { externalId: uniqueName(`tau-${index}`), trace: traceSchema.parse(item.trace) };
  });
  const own = [deskTrace, chatOnly, noReference].map((trace, index) => ({ externalId: uniqueName(`own-${index}`), trace: traceSchema.parse(trace) }));
  const { storedIds } = await storeTraces(db, { projectId: project.id, traces: [...tau, ...own] });
  tauIds.push(...tau.map((t) => storedIds.get(t.externalId)!));
  deskTraceId = storedIds.get(own[0]!.externalId)!;
  emptyTraceId = storedIds.get(own[2]!.externalId)!;
});

const mine = (body: unknown) => callRoute(postMineTraces, "/api/tasks/mine-traces", { body, headers: { origin: "http://localhost" } });

async function mineAndRun(body: unknown): Promise<MineTracesResult> {
  const response = await mine(body);
  expect(response.status).toBe(202);
  const { jobId } = (await response.json()) as { jobId: string };
  expect(await runJobNow(db, { jobId, type: mineTracesJob, handle: handleMineTracesJob })).toBe("succeeded");
  const job = await db.job.findUniqueOrThrow({ where: { id: jobId } });
  expect(job).toMatchObject({ projectId: project.id, type: "tasks.mine-traces", progress: 1 });
  return job.result as MineTracesResult;
}

const toolCall = (taskId: string, body: unknown, apiKey = project.key) => callRoute(postToolCall, `/api/v1/replay/${taskId}/tool-call`, { key: apiKey, body, params: { id: taskId } });

describe("mining tool-use replay tasks from traces", () => {
  it("refuses a viewer and a body it does not know", async () => {
    signedIn.userId = project.members.viewer.id;
    expect((await mine({})).status).toBe(403);
    signedIn.userId = project.members.reviewer.id;
    const bad = await mine({ environment: "x", limit: 3 });
    expect(bad.status).toBe(400);
    expect(await db.job.count({ where: { projectId: project.id } })).toBe(0);
  });

  it("makes one task per trace with tool calls, reproducing the origin's end state and final answer, and mining again adds nothing", async () => {
    signedIn.userId = project.members.reviewer.id;
    const first = await mineAndRun({ environment });
    expect(first).toMatchObject({ traces: 2, created: 1, existing: 0, skipped: 1 });
    expect(first.skips).toEqual([
      { traceId: emptyTraceId, externalId: expect.any(String), reason: "no recorded end state or final answer to use as reference" },
    ]);

    const task = await db.task.findFirstOrThrow({ where: { projectId: project.id, originTraceId: deskTraceId } });
    expect(task).toMatchObject({
      origin: "trace",
      environment,
      prompt: "Please refund order A-17, it arrived broken.",
      referenceAnswer: "Your refund of 42.50 for order A-17 has been issued.",
      plantedState: endState,
    });
    expect(task.metadata).toMatchObject({
      kind: "tool-use-replay",
      recordedCalls: 2,
      endState: "recorded",
      tools: [
        { name: "issue_refund", calls: 1, arguments: { orderId: ["string"], amount: ["number"] } },
        { name: "lookup_order", calls: 1, arguments: { orderId: ["string"] } },
      ],
    });

    const again = await mineAndRun({ environment });
    expect(again).toMatchObject({ traces: 2, created: 0, existing: 1, skipped: 1 });
    expect(await db.task.count({ where: { projectId: project.id, environment } })).toBe(1);
  });

  it("mines imported tau-bench trajectories, whose final answer is the reference", async () => {
    signedIn.userId = project.members.reviewer.id;
    const result = await mineAndRun({ environment: "tau-bench/airline" });
    // The second trajectory (task 1, trial 0) calls no tool: it is no tool-use task.
    expect(result).toMatchObject({ traces: 2, created: 2, existing: 0, skipped: 0 });
    const tasks = await db.task.findMany({ where: { projectId: project.id, originTraceId: { in: tauIds } } });
    expect(tasks.map((t) => t.originTraceId).sort()).toEqual([tauIds[0], tauIds[2]].sort());
    expect(tasks.map((t) => t.prompt)).toContain("Hi! I'm looking to book a flight from New York to Seattle on May 20th.");
    // Nothing recorded an end state: the final answer is the reference, and the task says the state is missing.
    for (const task of tasks)
      expect(task).toMatchObject({ plantedState: null, referenceAnswer: expect.any(String), metadata: expect.objectContaining({ endState: "not recorded" }) });
  });
});

describe("POST /api/v1/replay/{taskId}/tool-call", () => {
  // Mining is idempotent per trace, so these tests have their tasks whatever ran before them.
  beforeAll(() => mineTasksFromTraces(db, { projectId: project.id }));

  it("answers a mined task's recorded calls with their results and a changed call as unseen", async () => {
    const task = await db.task.findFirstOrThrow({ where: { projectId: project.id, originTraceId: tauIds[0] } });
    const user = (rawTau[0] as { traj: { tool_calls?: { function: { name: string; arguments: string } }[] }[] }).traj.flatMap((m) => m.tool_calls ?? [])[0]!
      .function;
    const seen = await toolCall(task.id, { name: user.name, arguments: user.arguments });
    expect(seen.status).toBe(200);
    const answer = await seen.json();
    expect(answer).toMatchObject({ unseen: false, tool: user.name, occurrence: 0 });
    expect(JSON.parse(answer.result)).toMatchObject({ name: { first_name: "Mia", last_name: "Li" } });

    const changed = await (await toolCall(task.id, { name: user.name, arguments: { user_id: "someone_else_1" } })).json();
    expect(changed).toMatchObject({ unseen: true, tool: user.name, arguments: { user_id: "someone_else_1" }, message: expect.stringContaining("unseen call") });
  });

  it("gives the result the world gave that time for a repeated call, and the error a call recorded", async () => {
    const task = await db.task.findFirstOrThrow({ where: { projectId: project.id, originTraceId: deskTraceId } });
    const answer = await (await toolCall(task.id, { name: "issue_refund", arguments: '{"amount": 42.50, "orderId": "A-17"}', occurrence: 3 })).json();
    expect(answer).toEqual({ unseen: false, tool: "issue_refund", result: { ok: true }, error: null, occurrence: 3, recordedOccurrences: 1 });
  });

  it("does not show another project's task, and refuses a bad body with where it went wrong", async () => {
    const task = await db.task.findFirstOrThrow({ where: { projectId: project.id, originTraceId: deskTraceId } });
    expect((await toolCall(task.id, { name: "lookup_order", arguments: { orderId: "A-17" } }, other.key)).status).toBe(404);
    const bad = await toolCall(task.id, { arguments: {} });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.details[0]).toMatchObject({ path: "name" });
  });

  it("says a task with no origin trace cannot be replayed", async () => {
    const planted = await db.task.create({ data: { projectId: project.id, externalId: uniqueName("planted"), environment, origin: "planted", prompt: "p" } });
    const response = await toolCall(planted.id, { name: "lookup_order" });
    expect(response.status).toBe(409);
    expect((await response.json()).error.message).toMatch(/no origin trace to replay/);
  });
});
