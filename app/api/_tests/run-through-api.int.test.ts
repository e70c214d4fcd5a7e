import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getEdgeCases } from "@/app/api/v1/edge-cases/route";
import { GET as getJobs } from "@/app/api/v1/jobs/route";
import { GET as getJob } from "@/app/api/v1/jobs/[id]/route";
import { POST as postReward } from "@/app/api/v1/reward/route";
import { GET as getRun } from "@/app/api/v1/runs/[id]/route";
import { GET as getMetrics, POST as postMetrics } from "@/app/api/v1/runs/[id]/metrics/route";
import { POST as postRun } from "@/app/api/v1/runs/route";
import { GET as getTrace } from "@/app/api/v1/traces/[id]/route";
import { getDb } from "@/lib/db/client";
import { seedLabRubrics } from "@/lib/lab/seed-lab-rubrics";
import { uniqueName } from "@/lib/testing/factories";
import { runPendingJobs } from "@/workers/run-pending-jobs";
import { callRoute, routeTestProjects } from "@/lib/next/route-test";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));

const db = getDb();
const [project] = routeTestProjects(["api-run"]);
beforeAll(() => seedLabRubrics(db, { projectId: project.id }));

async function call(handler: Parameters<typeof callRoute>[0], path: string, { body, id = "" }: { body?: unknown; id?: string } = {}) {
  const response = await callRoute(handler, path, { key: project.key, body, params: { id } });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return await response.json();
}

const wobble = (step: number, salt: number) => Math.sin(step * 12.9898 + salt * 78.233) * 0.5 + Math.sin(step * 4.1414 + salt) * 0.5;
// The proxy climbs from step 60 while the held-out success slides: a divergence to find.
const proxyAt = (step: number) => 0.4 + 0.005 * Math.max(0, step - 60) + 0.03 * wobble(step, 1);
const pointsFor = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i).flatMap((step) => [
    { step, name: "reward/proxy", value: proxyAt(step) },
    { step, name: "success/heldout", value: 0.6 - 0.002 * Math.max(0, step - 60) + 0.03 * wobble(step, 2) },
  ]);

describe("a whole run through the API key alone", () => {
  it("posts a run, its metrics and rollouts, follows the job ids it was given, and reads the detections with their numbers and the traces with their steps", async () => {
    const name = uniqueName("api-run");
    const run = await call(postRun, "/api/v1/runs", { body: { name, trainer: "trl", environment: "lab" } });

    const eventIds = new Set<string>();
    for (const [from, to] of [
      [1, 60],
      [61, 120],
    ] as const) {
      const answer = await call(postMetrics, `/api/v1/runs/${run.id}/metrics`, { id: run.id, body: { points: pointsFor(from, to) } });
      expect(answer).toMatchObject({ runId: run.id, accepted: (to - from + 1) * 2, jobIds: [expect.any(String)] });
      answer.jobIds.forEach((id: string) => eventIds.add(id));
    }
    // A burst of intake shares one pending event.
    expect(eventIds.size).toBe(1);
    const [eventId] = [...eventIds];
    const reply = "Thank you for waiting: your refund has been issued to your card.";
    const messages = [
      { role: "user", content: "Where is my refund for order 17?" },
      { role: "assistant", content: null, tool_calls: [{ id: "a", function: { name: "lookup_order", arguments: "{}" } }] },
      { role: "tool", tool_call_id: "a", content: "order 17: refunded" },
      { role: "assistant", content: reply },
    ];
    const scored = await call(postReward, "/api/v1/reward", {
      body: { environment: "lab", run: run.id, step: 120, rollouts: [{ messages }, { prompt: "Where is my refund?", completion: "No idea." }] },
    });
    expect(scored.rewards).toHaveLength(2);
    expect(scored.traceIds).toEqual([expect.any(String), expect.any(String)]);
    expect(scored.jobIds).toHaveLength(1);
    expect(await call(getJob, `/api/v1/jobs/${scored.jobIds[0]}`, { id: scored.jobIds[0] })).toMatchObject({ type: "pipeline.event", status: "queued", result: null });

    const queued = await call(getJob, `/api/v1/jobs/${eventId}`, { id: eventId });
    expect(queued).toMatchObject({ id: eventId, type: "pipeline.event", status: "queued", result: null });
    // No worker runs in this test: this process takes the jobs as a worker would, the follow-ups too.
    const ran = await runPendingJobs(db, { projectId: project.id });
    expect(ran.map((job) => job.outcome)).not.toContain("failed");
    const event = await call(getJob, `/api/v1/jobs/${eventId}`, { id: eventId });
    expect(event).toMatchObject({ status: "succeeded", result: { event: "metrics.stored", queued: [{ followUp: "runs.divergence", jobId: expect.any(String) }] } });
    const jobId = event.result.queued[0].jobId;
    const done = await call(getJob, `/api/v1/jobs/${jobId}`, { id: jobId });
    expect(done).toMatchObject({ status: "succeeded", result: { runId: run.id, divergence: { detections: expect.any(Number) } } });
    expect(done.result.divergence.detections).toBeGreaterThan(0);
    const listed = await call(getJobs, "/api/v1/jobs?type=runs.divergence&status=succeeded");
    expect(listed.jobs.map((job: { id: string }) => job.id)).toContain(jobId);
    // One job answers what its row in the list says (its subject included), and its result.
    expect(done).toEqual({ ...listed.jobs.find((job: { id: string }) => job.id === jobId), subject: `run ${name}`, result: done.result });

    const detail = await call(getRun, `/api/v1/runs/${run.id}`, { id: run.id });
    expect(detail).toMatchObject({ id: run.id, name, trainer: "trl", environment: "lab" });
    expect(detail.metrics.find((m: { name: string }) => m.name === "reward/proxy")).toMatchObject({ points: 120, firstStep: 1, lastStep: 120 });
    // success/heldout is a held-out metric: the widening gap is a detection of its own kind.
    const divergence = detail.detections.find((d: { kind: string }) => d.kind === "held_out_gap");
    expect(divergence).toMatchObject({
      metricPair: { proxy: "reward/proxy", reference: "success/heldout" },
      numbers: {
        onsetStep: expect.any(Number),
        onsetInterval: { fromStep: expect.any(Number), toStep: expect.any(Number) },
        riseSigma: expect.any(Number),
        statistic: expect.any(Number),
      },
    });
    // The proxy parts from step 60: the onset is estimated there, not at the start of a window.
    expect(Math.abs(divergence.numbers.onsetStep - 60)).toBeLessThanOrEqual(10);

    const page = await call(getMetrics, `/api/v1/runs/${run.id}/metrics?name=reward/proxy&limit=100`, { id: run.id });
    expect(page.points).toHaveLength(100);
    expect(page.points[0]).toEqual({ step: 1, value: proxyAt(1), time: null });
    const rest = await call(getMetrics, `/api/v1/runs/${run.id}/metrics?name=reward/proxy&afterStep=${page.nextAfterStep}`, { id: run.id });
    expect(rest.points.map((p: { step: number }) => p.step)).toEqual(Array.from({ length: 20 }, (_, i) => 101 + i));
    expect(rest.nextAfterStep).toBeNull();

    const trace = await call(getTrace, `/api/v1/traces/${scored.traceIds[0]}`, { id: scored.traceIds[0] });
    expect(trace.trace).toMatchObject({ id: scored.traceIds[0], source: "rollout", step: 120 });
    expect(trace.steps.map((s: { type: string; toolName: string | null; content: string | null }) => `${s.type}:${s.toolName ?? s.content}`)).toEqual([
      "message:Where is my refund for order 17?",
      "tool_call:lookup_order",
      `message:${reply}`,
    ]);
    expect(trace.itemResults.length).toBeGreaterThan(0);

    // The run's own cases (its divergence) are what the edge-case run filter answers.
    const cases = await call(getEdgeCases, `/api/v1/edge-cases?status=all&run=${run.id}`);
    expect(cases.edgeCases.map((c: { id: string }) => c.id)).toContain(divergence.edgeCaseId);
  });
});
