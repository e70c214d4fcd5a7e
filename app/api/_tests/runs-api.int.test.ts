import { beforeAll, describe, expect, it, vi } from "vitest";
import { POST as postEvents } from "@/app/api/v1/runs/[id]/events/route";
import { POST as postMetrics } from "@/app/api/v1/runs/[id]/metrics/route";
import { GET as getRuns, POST as postRun } from "@/app/api/v1/runs/route";
import { getDb } from "@/lib/db/client";
import { uniqueName } from "@/lib/testing/factories";
import { callRoute, routeTestProjects, statusAndJson } from "@/lib/next/route-test";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));

const db = getDb();
const [project, other] = routeTestProjects(["runs-api", "runs-api-other"]);
let versionId: string;
let otherVersionId: string;
beforeAll(async () => {
  const versionOf = async (projectId: string) => {
    const environment = uniqueName("env");
    const rubric = await db.rubric.create({ data: { projectId, environment, name: environment } });
    return (await db.rubricVersion.create({ data: { rubricId: rubric.id, version: 1, status: "approved" } })).id;
  };
  [versionId, otherVersionId] = await Promise.all([versionOf(project.id), versionOf(other.id)]);
});

type Handler = Parameters<typeof callRoute>[0];
const post = (handler: Handler, path: string, body: unknown, { auth = project.key, id = "" }: { auth?: string; id?: string } = {}) =>
  callRoute(handler, path, { key: auth, body, params: { id } }).then(statusAndJson);
const register = (body: unknown, auth?: string) => post(postRun, "/api/v1/runs", body, { auth });
const metrics = (id: string, body: unknown, auth?: string) => post(postMetrics, `/api/v1/runs/${id}/metrics`, body, { auth, id });
const events = (id: string, body: unknown, auth?: string) => post(postEvents, `/api/v1/runs/${id}/events`, body, { auth, id });

const listRuns = (query: string, auth = project.key) => callRoute(getRuns, `/api/v1/runs?${query}`, { key: auth }).then(statusAndJson);

describe("GET /api/v1/runs", () => {
  it("finds a run by the name its trainer registered, changing nothing, and never another project's run of that name", async () => {
    const name = uniqueName("lookup");
    const { body: run } = await register({ name, trainer: "verl", environment: "refunds" });
    expect((await events(run.id, { kind: "finished", step: 10 })).status).toBe(200);
    await register({ name }, other.key);
    const before = await db.auditEvent.count({ where: { projectId: project.id, subjectId: run.id } });

    const found = await listRuns(`name=${encodeURIComponent(name)}`);
    const { created: _, ...registered } = run;
    expect(found).toEqual({ status: 200, body: { runs: [{ ...registered, status: "finished", finishedAt: expect.any(String) }] } });
    // Looking it up neither reopens the finished run nor records anything.
    expect(await db.trainingRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ status: "finished" });
    expect(await db.auditEvent.count({ where: { projectId: project.id, subjectId: run.id } })).toBe(before);

    expect((await listRuns(`name=${encodeURIComponent(uniqueName("never-registered"))}`)).body).toEqual({ runs: [] });
    const finished = await listRuns("status=finished&limit=500");
    expect(finished.body.runs.map((view: { id: string }) => view.id)).toContain(run.id);
    expect(finished.body.runs.every((view: { status: string }) => view.status === "finished")).toBe(true);
  });

  it("refuses a bad status, limit or name, naming the parameter", async () => {
    const refused: [query: string, path: string][] = [["status=done", "status"], ["limit=0", "limit"], ["limit=501", "limit"], [`name=${"n".repeat(201)}`, "name"]];
    for (const [query, path] of refused) {
      const answer = await listRuns(query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error.details, query).toEqual([expect.objectContaining({ path })]);
    }
  });
});

describe("POST /api/v1/runs", () => {
  it("makes a run once: the same name answers the same id, and concurrent registrations meet on one row", async () => {
    const name = uniqueName("grpo");
    const answers = await Promise.all(Array.from({ length: 8 }, () => register({ name, trainer: "trl", environment: "refunds", config: { lr: 1e-6 } })));
    const ids = new Set(answers.map((answer) => answer.body.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 201)).toBe(true);
    expect(await db.trainingRun.count({ where: { projectId: project.id, name } })).toBe(1);
    const again = await register({ name, rubricVersionId: versionId });
    expect(again).toMatchObject({ status: 200, body: { id: [...ids][0], trainer: "trl", environment: "refunds", rubricVersionId: versionId, config: { lr: 1e-6 }, created: false } });
  });

  it("refuses a field it does not know, naming it, so a misspelt one is not silently dropped", async () => {
    const name = uniqueName("typo");
    const answer = await register({ name, enviroment: "lab", config: { lr: 1e-6, anything: ["the trainer's own"] } });
    expect(answer.status).toBe(400);
    expect(answer.body.error.details).toEqual([{ path: "enviroment", message: 'Unrecognized key: "enviroment"' }]);
    expect(await db.trainingRun.count({ where: { projectId: project.id, name } })).toBe(0);
    // The config is the trainer's own: any key goes there.
    expect((await register({ name, environment: "lab", config: { lr: 1e-6, anything: ["the trainer's own"] } })).status).toBe(201);
    const { body: run } = await register({ name });
    const point = await metrics(run.id, { points: [{ step: 1, name: "kl", value: 0.1, unit: "nats" }] });
    expect(point.body.error.details).toEqual([expect.objectContaining({ path: "points.0.unit" })]);
    const event = await events(run.id, { kind: "note", mesage: "typo" });
    expect(event.body.error.details).toEqual([expect.objectContaining({ path: "events.0.mesage" })]);
  });

  it("refuses another project's rubric version and a run with no name, naming the field", async () => {
    const foreign = await register({ name: uniqueName("run"), rubricVersionId: otherVersionId });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details).toEqual([expect.objectContaining({ path: "rubricVersionId" })]);
    const nameless = await register({ trainer: "trl" });
    expect(nameless.status).toBe(400);
    expect(nameless.body.error.details).toEqual([expect.objectContaining({ path: "name" })]);
    expect(await db.trainingRun.count({ where: { projectId: project.id, rubricVersionId: otherVersionId } })).toBe(0);
  });
});

describe("POST /api/v1/runs/{id}/metrics", () => {
  it("stores 10,000 points in one request, and re-sending them changes nothing", async () => {
    const { body: run } = await register({ name: uniqueName("big") });
    const points = Array.from({ length: 10_000 }, (_, i) => ({ step: Math.floor(i / 4), name: ["reward/proxy", "kl", "loss", "eval/success"][i % 4]!, value: i / 10_000 }));
    const first = await metrics(run.id, { points });
    expect(first).toEqual({ status: 200, body: { runId: run.id, accepted: 10_000, jobIds: [expect.any(String)] } });
    // The resend joins the monitor job the first post queued (still pending: no worker runs here).
    expect(await metrics(run.id, { points })).toEqual({ status: 200, body: { runId: run.id, accepted: 10_000, jobIds: first.body.jobIds } });
    expect(await db.metricPoint.count({ where: { runId: run.id } })).toBe(10_000);
    const last = await db.metricPoint.findUnique({ where: { runId_name_step: { runId: run.id, name: "eval/success", step: 2499 } } });
    expect(last?.value).toBeCloseTo(0.9999, 10);
  });

  it("a resent point replaces its value and keeps its time; seconds since the epoch are read as a time", async () => {
    const { body: run } = await register({ name: uniqueName("resend") });
    await metrics(run.id, { points: [{ step: 3, name: "reward/proxy", value: 0.1, time: 1_767_225_600 }] });
    await metrics(run.id, { points: [{ step: 3, name: "reward/proxy", value: 0.4, time: "2026-01-01T00:00:00Z" }] });
    const stored = await db.metricPoint.findMany({ where: { runId: run.id } });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ step: 3, name: "reward/proxy", value: 0.4 });
    expect(stored[0]!.time?.toISOString()).toBe("2026-01-01T00:00:00.000Z");
  });

  it("refuses a batch with a bad point whole, naming each bad point, and stores none of it", async () => {
    const { body: run } = await register({ name: uniqueName("bad") });
    const points = [{ step: 1, name: "kl", value: 0.2 }, { step: -1, name: "kl", value: 0.1 }, { step: 2, name: "kl", value: "0.3" }, { step: 3, value: 1 }, { step: 4, name: "goodhart/reward/mean", value: 1 }];
    const answer = await metrics(run.id, { points });
    expect(answer.status).toBe(400);
    expect(answer.body.error.details.map((detail: { path: string }) => detail.path)).toEqual(["points.1.step", "points.2.value", "points.3.name", "points.4.name"]);
    expect(answer.body.error.details[3].message).toMatch(/goodhart\/ prefix is kept for the metrics Goodhart computes/);
    expect(await db.metricPoint.count({ where: { runId: run.id } })).toBe(0);
    const tooMany = await metrics(run.id, { points: Array.from({ length: 10_001 }, (_, step) => ({ step, name: "kl", value: 0 })) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.details[0].message).toMatch(/at most 10000 points/);
  });

  it("refuses a time in milliseconds or nanoseconds and a step past a 32-bit integer, naming the field, and stores nothing", async () => {
    const { body: run } = await register({ name: uniqueName("units") });
    const answer = await metrics(run.id, {
      points: [
        { step: 1, name: "kl", value: 0.2, time: 1_767_225_600_000 },
        { step: 2, name: "kl", value: 0.2, time: 1_767_225_600_000_000_000 },
        { step: 2_147_483_648, name: "kl", value: 0.2 },
        // Python's datetime.now().isoformat(): local time without its zone.
        { step: 3, name: "kl", value: 0.2, time: "2026-12-08T02:45:00.123456" },
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.details).toEqual([
      expect.objectContaining({ path: "points.0.time", message: expect.stringMatching(/milliseconds or nanoseconds/) }),
      expect.objectContaining({ path: "points.1.time" }),
      expect.objectContaining({ path: "points.2.step", message: expect.stringMatching(/at most 2147483647/) }),
      expect.objectContaining({ path: "points.3.time", message: expect.stringMatching(/^needs its zone, as 2026-12-08T02:45:00Z/) }),
    ]);
    const event = await events(run.id, { events: [{ kind: "note", time: 1e13 }] });
    expect(event.status).toBe(400);
    expect(event.body.error.details).toEqual([expect.objectContaining({ path: "events.0.time" })]);
    expect(await db.metricPoint.count({ where: { runId: run.id } })).toBe(0);
    expect(await db.runEvent.count({ where: { runId: run.id } })).toBe(0);
  });

  it("answers 404 for an unknown run and for another project's run alike", async () => {
    const { body: theirs } = await register({ name: uniqueName("theirs") }, other.key);
    const point = { points: [{ step: 1, name: "kl", value: 0 }] };
    const [foreign, unknown] = await Promise.all([metrics(theirs.id, point), metrics("no-such-run", point)]);
    expect(foreign).toEqual(unknown);
    expect(foreign.status).toBe(404);
    expect(await db.metricPoint.count({ where: { runId: theirs.id } })).toBe(0);
  });
});

describe("POST /api/v1/runs/{id}/events", () => {
  it("records events once, ends the run on finished, and moves it to a new rubric version on rubric_changed", async () => {
    const { body: run } = await register({ name: uniqueName("events") });
    const batch = {
      events: [
        { kind: "checkpoint", step: 100, message: "saved global_step_100" },
        { kind: "rubric_changed", step: 150, data: { rubricVersionId: versionId } },
        { kind: "note", step: 160, message: "lr warmup done", key: "note-1" },
      ],
    };
    expect((await events(run.id, batch)).body).toEqual({ runId: run.id, accepted: 3, duplicates: 0 });
    expect((await events(run.id, batch)).body).toEqual({ runId: run.id, accepted: 0, duplicates: 3 });
    expect((await events(run.id, { kind: "note", step: 161, message: "edited", key: "note-1" })).body).toMatchObject({ accepted: 0, duplicates: 1 });
    expect((await events(run.id, { kind: "finished", step: 200 })).body).toMatchObject({ accepted: 1 });
    const stored = await db.trainingRun.findUniqueOrThrow({ where: { id: run.id }, include: { events: { orderBy: { step: "asc" } } } });
    expect(stored.events.map((event) => event.kind)).toEqual(["checkpoint", "rubric_changed", "note", "finished"]);
    expect(stored).toMatchObject({ status: "finished", rubricVersionId: versionId });
    expect(stored.finishedAt).not.toBeNull();
  });

  it("reopens a finished run that its trainer registers again, and the resumed run's own finish ends it again", async () => {
    const name = uniqueName("resumed");
    const { body: run } = await register({ name, trainer: "trl" });
    expect((await events(run.id, { kind: "finished", step: 100, key: "finish-1" })).body).toMatchObject({ accepted: 1 });
    const first = await db.trainingRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(first.status).toBe("finished");

    const resumed = await register({ name });
    expect(resumed).toMatchObject({ status: 200, body: { id: run.id, status: "running", finishedAt: null, created: false } });
    expect(await db.auditEvent.count({ where: { projectId: project.id, action: "run.reopened", subjectId: run.id } })).toBe(1);
    // Registering the running run again (another rank) changes nothing and records nothing.
    expect((await register({ name })).body).toMatchObject({ status: "running" });
    expect(await db.auditEvent.count({ where: { projectId: project.id, action: "run.reopened", subjectId: run.id } })).toBe(1);

    expect((await events(run.id, { kind: "finished", step: 200, key: "finish-2" })).body).toMatchObject({ accepted: 1 });
    const ended = await db.trainingRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(ended.status).toBe("finished");
    expect(ended.finishedAt!.getTime()).toBeGreaterThanOrEqual(first.finishedAt!.getTime());

    // Every rank of a resumed multi-GPU trainer registers at once: the run reopens once, audited once.
    const ranks = await Promise.all(Array.from({ length: 4 }, () => register({ name })));
    expect(ranks.map((rank) => [rank.status, rank.body.status])).toEqual(Array.from({ length: 4 }, () => [200, "running"]));
    expect(await db.auditEvent.count({ where: { projectId: project.id, action: "run.reopened", subjectId: run.id } })).toBe(2);
  });

  it("refuses an unknown kind and another project's rubric version, storing nothing", async () => {
    const { body: run } = await register({ name: uniqueName("bad-events") });
    const unknownKind = await events(run.id, { events: [{ kind: "note" }, { kind: "exploded" }] });
    expect(unknownKind.status).toBe(400);
    expect(unknownKind.body.error.details).toEqual([expect.objectContaining({ path: "events.1.kind" })]);
    const foreign = await events(run.id, { events: [{ kind: "note" }, { kind: "rubric_changed", data: { rubricVersionId: otherVersionId } }] });
    expect(foreign.status).toBe(400);
    // Named as zod names the unknown kind above, so a client reads both alike.
    expect(foreign.body.error.details).toEqual([expect.objectContaining({ path: "events.1.data.rubricVersionId" })]);
    expect(await db.runEvent.count({ where: { runId: run.id } })).toBe(0);
  });
});
