import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "../db/client";
import { deleteProject, makeEdgeCase, makeProject, makeUser } from "../testing/factories";
import { seedJudgedTraces } from "../testing/seed-judged-traces";
import { storeTraces } from "../traces/store-traces";
import { traceSchema } from "../traces/trace-schema";
import { edgeCaseQuerySchema } from "./edge-case-schemas";
import { listEdgeCases } from "./list-edge-cases";

const db = getDb();
let projectId: string;
let runId: string;

beforeAll(async () => {
  projectId = (await makeProject(db, "list-edge-cases")).id;
  runId = (await db.trainingRun.create({ data: { projectId, name: "run-q", trainer: "test" } })).id;
  const rewards = [0.2, 0.9, 0.5, 0.7, 0.1, 0.3, 0.8];
  await storeTraces(db, {
    projectId,
    traces: rewards.map((reward, i) => ({ externalId: `e${i}`, trace: traceSchema.parse({ output: `answer ${i}`, outcome: { reward }, steps: [] }) })),
  });
  const traces = await db.trace.findMany({ where: { projectId }, select: { id: true, externalId: true } });
  const idOf = new Map(traces.map((trace) => [trace.externalId, trace.id]));
  // e0 and e4 are rollouts of the run: a run filter shows only them.
  await db.trace.updateMany({ where: { id: { in: [idOf.get("e0")!, idOf.get("e4")!] } }, data: { runId } });
  const openCase = (groupKey: string, priority: number, examples: string[]) =>
    makeEdgeCase(db, { projectId, kind: "test", groupKey, priority, title: groupKey, examples: examples.map((externalId) => ({ traceId: idOf.get(externalId)!, detail: { explanation: `why ${externalId}` } })) });
  await openCase("wide", 2, ["e0", "e1", "e2", "e3", "e4"]);
  await openCase("narrow", 1, ["e5", "e6"]);
});
afterAll(() => deleteProject(db, projectId));

const list = (params: Record<string, string>) => listEdgeCases(db, { projectId, userId: null, query: edgeCaseQuerySchema.parse(params) });
const shown = (page: Awaited<ReturnType<typeof list>>) =>
  Object.fromEntries(page.edgeCases.map((c) => [c.title, { count: c.exampleCount, examples: c.examples.map((e) => `${e.externalId} ${e.why}`) }]));

it("shows each case's three highest-reward examples with their reasons, and counts every example", async () => {
  const page = await list({});
  expect(page.edgeCases.map((c) => c.title)).toEqual(["wide", "narrow"]);
  expect(shown(page)).toEqual({
    wide: { count: 5, examples: ["e1 why e1", "e3 why e3", "e2 why e2"] },
    narrow: { count: 2, examples: ["e6 why e6", "e5 why e5"] },
  });
  expect(page.edgeCases[0]!.examples[0]).toMatchObject({ reward: 0.9, output: "answer 1" });
});

it("with a run filter keeps the cases with a rollout of the run, showing only those rollouts, and still counts every example", async () => {
  expect(shown(await list({ run: runId }))).toEqual({ wide: { count: 5, examples: ["e0 why e0", "e4 why e4"] } });
});

it("pages by priority, each page with its own cases' examples", async () => {
  const second = await list({ limit: "1", offset: "1" });
  expect(second).toMatchObject({ total: 2, nextOffset: null });
  expect(shown(second)).toEqual({ narrow: { count: 2, examples: ["e6 why e6", "e5 why e5"] } });
});

it("shows each example's verdicts with their judges, the case's assignee and who decided it", async () => {
  const own = await makeProject(db, "list-edge-cases-judged");
  try {
    const { traceIds } = await seedJudgedTraces(db, { projectId: own.id });
    const assignee = await makeUser(db, { projectId: own.id, role: "reviewer" });
    const decider = await makeUser(db, { projectId: own.id, role: "reviewer" });
    await makeEdgeCase(db, { projectId: own.id, kind: "test", title: "judged", assigneeId: assignee.id, status: "decided", decision: "false_alarm", decidedById: decider.id, decidedAt: new Date(), examples: [{ traceId: traceIds[0]! }] });
    const [listed] = (await listEdgeCases(db, { projectId: own.id, userId: null, query: edgeCaseQuerySchema.parse({ status: "all" }) })).edgeCases;
    expect(listed).toMatchObject({ assignee: { id: assignee.id, email: assignee.email }, decidedBy: decider.email });
    const stored = await db.verdict.findMany({
      where: { traceId: traceIds[0]! },
      orderBy: { createdAt: "asc" },
      select: { label: true, judgeVersion: { select: { judge: { select: { name: true } } } } },
    });
    const seen = listed!.examples[0]!.verdicts.map((v) => `${v.judge} ${v.label} v${v.judgeVersion}`).sort();
    expect(seen).toEqual(stored.map((v) => `${v.judgeVersion.judge.name} ${v.label} v1`).sort());
    expect(listed!.examples[0]!.verdicts).toHaveLength(4);
  } finally {
    await deleteProject(db, own.id);
  }
});
