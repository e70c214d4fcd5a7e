import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { deleteProject, makeEdgeCase, makeProject } from "../testing/factories";
import { findTraceDetail } from "./find-trace-detail";
import { storeTraces } from "./store-traces";
import { traceSchema } from "./trace-schema";

const db = getDb();
let projectId: string;
const ids = new Map<string, string>();

beforeAll(async () => {
  projectId = (await makeProject(db, "trace-detail")).id;
  const run = await db.trainingRun.create({ data: { projectId, name: "grpo-refunds-7", trainer: "test" } });
  const linked = {
    externalId: "from-steps",
    trace: traceSchema.parse({
      run: run.id,
      steps: [
        { role: "user", content: "Refund order 17?", tokensIn: 40 },
        { role: "assistant", content: "Checking.", tokensIn: 100, tokensOut: 12, latencyMs: 250.5 },
        { type: "tool_call", role: "assistant", name: "refund", arguments: { order: 17 }, result: { ok: true }, latencyMs: 80 },
        { role: "assistant", content: "Your refund for order 17 is issued.", tokensOut: 9, latencyMs: 300 },
        { role: "user", content: "thanks" },
      ],
    }),
  };
  const traces = [
    { externalId: "with-output", trace: traceSchema.parse({ output: "The final answer.", steps: [{ role: "assistant", content: "An earlier draft." }] }) },
    { externalId: "no-figures", trace: traceSchema.parse({ steps: [{ role: "user", content: "hello" }] }) },
  ];
  for (const stored of [await storeTraces(db, { projectId, runId: run.id, traces: [linked] }), await storeTraces(db, { projectId, traces })]) {
    for (const [externalId, id] of stored.storedIds) ids.set(externalId, id);
  }
});
afterAll(() => deleteProject(db, projectId));

describe("findTraceDetail", () => {
  it("sums tokens and latency over the steps and names the linked run", async () => {
    const detail = await findTraceDetail(db, { projectId, traceId: ids.get("from-steps")! });
    expect(detail.totals).toEqual({ tokensIn: 140, tokensOut: 21, latencyMs: 630.5, stepsWithLatency: 3 });
    expect(detail.run?.name).toBe("grpo-refunds-7");
  });

  it("reports unknown figures as null, not zero", async () => {
    const detail = await findTraceDetail(db, { projectId, traceId: ids.get("no-figures")! });
    expect(detail.totals).toEqual({ tokensIn: null, tokensOut: null, latencyMs: null, stepsWithLatency: 0 });
    expect(detail.finalReply).toBeNull();
    expect(detail.run).toBeNull();
  });

  it("takes the final reply from the output, else from the last assistant step with content", async () => {
    expect((await findTraceDetail(db, { projectId, traceId: ids.get("with-output")! })).finalReply).toEqual({ text: "The final answer.", from: "output" });
    expect((await findTraceDetail(db, { projectId, traceId: ids.get("from-steps")! })).finalReply).toEqual({
      text: "Your refund for order 17 is issued.",
      from: "step",
      stepIndex: 3,
    });
  });

  it("lists open edge cases before decided ones, and nothing of another project", async () => {
    const traceId = ids.get("from-steps")!;
    const other = await makeProject(db, "trace-detail-other");
    try {
      const examples = [{ traceId }];
      await makeEdgeCase(db, { projectId, examples, title: "decided case", priority: 9, status: "decided" });
      await makeEdgeCase(db, { projectId, examples, title: "open case", priority: 1 });
      await makeEdgeCase(db, { projectId: other.id, examples, title: "foreign case", priority: 5 });
      const detail = await findTraceDetail(db, { projectId, traceId });
      expect(detail.edgeCases.map(({ title, status }) => [title, status])).toEqual([
        ["open case", "open"],
        ["decided case", "decided"],
      ]);
    } finally {
      await deleteProject(db, other.id);
    }
  });

  it("refuses a trace of another project", async () => {
    const other = await makeProject(db, "trace-detail-stranger");
    try {
      await expect(findTraceDetail(db, { projectId: other.id, traceId: ids.get("from-steps")! })).rejects.toThrow(/not found/i);
    } finally {
      await deleteProject(db, other.id);
    }
  });
});
