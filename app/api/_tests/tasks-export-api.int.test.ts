import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as postReward } from "@/app/api/v1/reward/route";
import { GET as getExport } from "@/app/api/v1/tasks/export/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { systemActor } from "@/lib/audit/record-audit-event";
import { getDb } from "@/lib/db/client";
import { seedLabRubrics } from "@/lib/lab/seed-lab-rubrics";
import { deleteProject, makeProject, uniqueName } from "@/lib/testing/factories";
import type { Trace } from "@/lib/traces/trace-schema";
import { storeTraces } from "@/lib/traces/store-traces";
import { GROUNDING_RUN_PREFIX } from "@/lib/tasks/grounding-policy";
import { listTasks } from "@/lib/tasks/list-tasks";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));

const db = getDb();
let project: { id: string; slug: string };
let other: { id: string };
let key: string;
let otherKey: string;
const environment = uniqueName("export-env");
/** Task name -> the outcome of each of its rollouts, and so its pass rate. */
const outcomes: Record<string, Array<{ success?: boolean; reward?: number }>> = {
  never: Array.from({ length: 8 }, () => ({ reward: 0 })),
  tenth: Array.from({ length: 10 }, (_, i) => ({ success: i === 0 })),
  half: [{ reward: 0.9 }, { reward: 0.5 }, { reward: 0.2 }, { reward: 0.1 }],
  ninetenths: Array.from({ length: 10 }, (_, i) => ({ reward: i === 0 ? 0.4 : 1 })),
  always: Array.from({ length: 8 }, () => ({ success: true, reward: 0.1 })),
  unscored: [{}, {}],
};

beforeAll(async () => {
  [project, other] = await Promise.all([makeProject(db, "tasks-export"), makeProject(db, "tasks-export-other")]);
  key = (await createApiKey(db, { projectId: project.id, name: "trainer", actor: systemActor })).key;
  otherKey = (await createApiKey(db, { projectId: other.id, name: "other", actor: systemActor })).key;
  const names = [...Object.keys(outcomes), "fresh"];
  await db.task.createMany({
    data: names.map((name) => ({
      projectId: project.id,
      externalId: `${environment}/${name}`,
      environment,
      origin: "mined",
      prompt: `Question ${name}?`,
      ...(name === "half" ? { context: { document: "The answer is 42." }, referenceAnswer: "42" } : { plantedState: { done: name } }),
    })),
  });
  const traces: Trace[] = Object.entries(outcomes).flatMap(([name, list]) =>
    list.map(({ success, reward }, index) => ({
      externalId: `${environment}/${name}/${index}`,
      source: "rollout" as const,
      environment,
      task: `${environment}/${name}`,
      run: "run-a",
      step: 1,
      outcome: { success, reward },
      steps: [{ type: "message" as const, role: "assistant" as const, content: `answer ${index}` }],
    })),
  );
  // A grounding probe of "never" that passed: a probe, not a rollout, so the pass rate stays 0.
  traces.push({ externalId: `${environment}/probe`, source: "rollout", environment, task: `${environment}/never`, run: `${GROUNDING_RUN_PREFIX}job`, outcome: { success: true }, steps: [] });
  await storeTraces(db, { projectId: project.id, traces: traces.map((trace) => ({ trace, externalId: trace.externalId! })) });
});
afterAll(() => Promise.all([deleteProject(db, project.id), deleteProject(db, other.id)]));

async function exportLines(query: string, apiKey = key) {
  const response = await getExport(new NextRequest(`http://localhost/api/v1/tasks/export${query}`, { headers: { authorization: `Bearer ${apiKey}` } }), { params: Promise.resolve({}) });
  return { response, lines: response.ok ? (await response.text()).split("\n").filter(Boolean).map((line) => JSON.parse(line)) : [] };
}

const idsOf = (lines: Array<{ info: unknown }>) =>
  lines.map((line) => (typeof line.info === "string" ? JSON.parse(line.info) : line.info).task_id.replace(`${environment}/`, "")).sort();

describe("GET /api/v1/tasks/export", () => {
  it("holds exactly the tasks whose pass rate lies in the band, ends included", async () => {
    expect(idsOf((await exportLines("?band=0.1,0.9&format=trl")).lines)).toEqual(["half", "ninetenths", "tenth"]);
    expect(idsOf((await exportLines("?band=0,0.1")).lines)).toEqual(["never", "tenth"]);
    expect(idsOf((await exportLines("?band=0.95,1&format=verifiers")).lines)).toEqual(["always"]);
    // The default band is 0.1 to 0.9; a task never rolled out or never scored is in none.
    expect(idsOf((await exportLines("")).lines)).toEqual(["half", "ninetenths", "tenth"]);
    expect(idsOf((await exportLines("?band=0,1")).lines)).toEqual(["always", "half", "never", "ninetenths", "tenth"]);
  });

  it("writes TRL's and verifiers' shapes: prompt messages, answer or info, difficulty", async () => {
    const { response, lines } = await exportLines("?band=0.5,0.5&format=trl");
    expect(response.headers.get("content-type")).toContain("application/x-ndjson");
    expect(lines).toEqual([
      {
        prompt: [
          { role: "system", content: "document:\nThe answer is 42." },
          { role: "user", content: "Question half?" },
        ],
        answer: "42",
        info: { task_id: `${environment}/half`, environment, origin: "mined", pool: "normal", rollouts: 4 },
        difficulty: 0.5,
      },
    ]);
    const verifiers = (await exportLines("?band=0.9,0.9&format=verifiers")).lines;
    expect(verifiers).toEqual([
      {
        prompt: [{ role: "user", content: "Question ninetenths?" }],
        info: JSON.stringify({ task_id: `${environment}/ninetenths`, environment, origin: "mined", pool: "easy", rollouts: 10, planted_state: { done: "ninetenths" } }),
        task: environment,
        difficulty: 0.9,
      },
    ]);
  });

  it("refuses a bad band or format with the reason, and another project's key sees none of these tasks", async () => {
    for (const query of ["?band=0.9,0.1", "?band=2,3", "?band=x", "?format=csv"]) {
      const { response } = await exportLines(query);
      expect(response.status).toBe(400);
      expect((await response.json()).error.code).toBe("bad_request");
    }
    expect((await exportLines("?band=0,1", otherKey)).lines).toEqual([]);
    const missing = await getExport(new NextRequest("http://localhost/api/v1/tasks/export"), { params: Promise.resolve({}) });
    expect(missing.status).toBe(401);
  });
});

describe("listTasks", () => {
  it("gives each task its pass rate, pool and band membership, and the share of zero-spread groups", async () => {
    const list = await listTasks(db, { projectId: project.id, band: { low: 0.1, high: 0.9 } });
    const byName = Object.fromEntries(list.tasks.map((task) => [task.externalId.replace(`${environment}/`, ""), task]));
    expect(byName.never).toMatchObject({ rolloutCount: 8, passCount: 0, passRate: 0, pool: "hard", isInBand: false });
    expect(byName.tenth).toMatchObject({ rolloutCount: 10, passRate: 0.1, pool: "hard", isInBand: true });
    expect(byName.half).toMatchObject({ rolloutCount: 4, passCount: 2, passRate: 0.5, pool: "normal", hasContext: true });
    expect(byName.always).toMatchObject({ passRate: 1, pool: "easy", isInBand: false });
    expect(byName.unscored).toMatchObject({ rolloutCount: 0, passRate: null, pool: null });
    expect(byName.fresh).toMatchObject({ rolloutCount: 0, passRate: null });
    expect(list.counts).toMatchObject({ tasks: 7, withRollouts: 5, inBand: 3, pools: { hard: 2, normal: 1, easy: 2 } });
    expect(list.passRateHistogram.reduce((sum, bin) => sum + bin.count, 0)).toBe(5);
    // Groups with rewards: never (all 0), half, ninetenths, always (all 0.1): two of four have no spread.
    expect(list.zeroStd).toEqual({ groups: 4, zeroStd: 2, fraction: 0.5 });
  });
});

describe("rollouts scored by the reward API", () => {
  it("count towards the pass rate of the task they name", async () => {
    const scored = await makeProject(db, "tasks-reward");
    try {
      const trainerKey = (await createApiKey(db, { projectId: scored.id, name: "trainer", actor: systemActor })).key;
      await seedLabRubrics(db, { projectId: scored.id });
      await db.task.create({ data: { projectId: scored.id, externalId: "refund-17", environment: "lab", origin: "mined", prompt: "Where is my refund for order 17?" } });
      const good = [
        { role: "user", content: "Where is my refund for order 17?" },
        { role: "assistant", content: null, tool_calls: [{ id: "a", function: { name: "lookup_order", arguments: "{}" } }, { id: "b", function: { name: "lookup_policy", arguments: "{}" } }] },
        { role: "assistant", content: null, tool_calls: [{ id: "c", function: { name: "reply_to_customer", arguments: "{}" } }] },
        { role: "assistant", content: "Thank you for waiting: your refund has been issued to your card." },
      ];
      const body = { environment: "lab", rollouts: [{ messages: good, task: "refund-17" }, { prompt: "Where is my refund for order 17?", completion: "No idea.", task: "refund-17" }] };
      const request = new NextRequest("http://localhost/api/v1/reward", { method: "POST", headers: { authorization: `Bearer ${trainerKey}`, "content-type": "application/json", "x-goodhart-run": "grpo-1", "x-goodhart-step": "3" }, body: JSON.stringify(body) });
      const response = await postReward(request, { params: Promise.resolve({}) });
      expect((await response.json()).rewards).toEqual([1, 0]);

      const list = await listTasks(db, { projectId: scored.id, band: { low: 0.1, high: 0.9 } });
      expect(list.tasks).toEqual([expect.objectContaining({ externalId: "refund-17", rolloutCount: 2, passCount: 1, passRate: 0.5, pool: "normal", isInBand: true })]);
      expect(list.zeroStd).toEqual({ groups: 1, zeroStd: 0, fraction: 0 });
      const { lines } = await exportLines("?band=0.5,0.5", trainerKey);
      expect(lines.map((line) => line.info.task_id)).toEqual(["refund-17"]);
    } finally {
      await deleteProject(db, scored.id);
    }
  });
});
