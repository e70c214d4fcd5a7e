import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { deleteProject, makeEdgeCase, makeProject, uniqueName } from "../testing/factories";
import { edgeCaseQuerySchema } from "./edge-case-schemas";
import { listEdgeCases } from "./list-edge-cases";

const db = getDb();
let projectId: string;
const runs: Record<"earlier" | "latest", string> = { earlier: "", latest: "" };

const failed = { reward: 0.9, uncertainty: 0.5, counts: { pass: 1, fail: 3, unsure: 0 } };
const passed = { reward: 0.9, uncertainty: 0.9, counts: { pass: 3, fail: 1, unsure: 0 } };

/** A suspected-hack case with examples in the runs given: per run, how many rollouts the panel failed and how many it passed. */
async function makeCase(title: string, priority: number, examples: Array<{ run: keyof typeof runs; failed: number; passed: number }>) {
  const edgeCase = await makeEdgeCase(db, { projectId, rule: "reward_high_panel_fails", environment: "refunds", priority, subjectType: "issue", subjectId: title, title, explanation: title, count: 0 });
  for (const { run, failed: nFailed, passed: nPassed } of examples)
    for (const [detail, n] of [[failed, nFailed], [passed, nPassed]] as const)
      for (let i = 0; i < n; i += 1) {
        const externalId = uniqueName("rollout");
        const trace = await db.trace.create({ data: { projectId, externalId, contentHash: externalId, source: "rollout", environment: "refunds", runId: runs[run], reward: detail.reward } });
        await db.edgeCaseExample.create({ data: { edgeCaseId: edgeCase.id, traceId: trace.id, detail } });
      }
  return edgeCase.id;
}

beforeAll(async () => {
  projectId = (await makeProject(db, "cases-on-run")).id;
  for (const name of ["earlier", "latest"] as const) runs[name] = (await db.trainingRun.create({ data: { projectId, name: uniqueName(name), trainer: "lab" } })).id;
});
afterAll(() => deleteProject(db, projectId));

describe("a run's review queue", () => {
  it("puts first the case the run's own failed rollouts make, not the one its earlier runs made large", async () => {
    // Pooled over two runs, with most of the latest run's rollouts passed by the panel: the higher stored priority.
    const pooled = await makeCase("wrong outcome", 5.5, [
      { run: "earlier", failed: 30, passed: 0 },
      { run: "latest", failed: 2, passed: 8 },
    ]);
    const fresh = await makeCase("refund claimed after escalating", 2.7, [{ run: "latest", failed: 6, passed: 0 }]);

    const list = (query: Record<string, string>) => listEdgeCases(db, { projectId, userId: null, query: edgeCaseQuerySchema.parse({ kind: "suspected_hack", ...query }) });
    const onLatest = await list({ run: runs.latest });
    expect(onLatest.edgeCases.map((c) => [c.id, c.runPriority])).toEqual([
      [fresh, expect.any(Number)],
      [pooled, expect.any(Number)],
    ]);
    expect(onLatest.edgeCases[0]!.runPriority!).toBeGreaterThan(onLatest.edgeCases[1]!.runPriority!);
    expect(onLatest.edgeCases.map((c) => c.exampleCount)).toEqual([6, 40]);
    expect((await list({ run: runs.latest, limit: "1", offset: "1" })).edgeCases.map((c) => c.id)).toEqual([pooled]);
    // Paged by cursor, in the run's order: the second page starts after the first's case by its standing on the run.
    const first = await list({ run: runs.latest, limit: "1" });
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list({ run: runs.latest, limit: "1", after: first.nextCursor! });
    expect([...first.edgeCases, ...second.edgeCases].map((c) => c.id)).toEqual([fresh, pooled]);
    expect(second.nextCursor).toBeNull();

    // Without a run, the stored priority orders the queue; on the earlier run the pooled case is the only one.
    expect((await list({})).edgeCases.map((c) => [c.id, c.runPriority])).toEqual([
      [pooled, null],
      [fresh, null],
    ]);
    expect((await list({ run: runs.earlier })).edgeCases.map((c) => c.id)).toEqual([pooled]);
  });
});
