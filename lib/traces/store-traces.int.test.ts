import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { deleteProject, makeProject } from "../testing/factories";
import { storeTraces } from "./store-traces";
import { traceSchema } from "./trace-schema";

const db = getDb();
let projectId: string;
beforeAll(async () => {
  projectId = (await makeProject(db, "store")).id;
});
afterAll(() => deleteProject(db, projectId));

const trace = (id: string) =>
  traceSchema.parse({
    externalId: id,
    environment: "refunds",
    outcome: { reward: 0.5, success: false },
    steps: [
      { role: "user", content: "refund please" },
      { type: "tool_call", role: "assistant", name: "lookup_order", arguments: { id: 7 }, result: { status: "delivered" }, tokensOut: 12 },
    ],
  });

describe("storeTraces", () => {
  it("stores traces with their steps once; the same externalIds again are duplicates", async () => {
    const batch = [{ trace: trace("a"), externalId: "a" }, { trace: trace("b"), externalId: "b" }];
    expect(await storeTraces(db, { projectId, traces: batch })).toMatchObject({ accepted: 2, duplicates: 0 });
    expect(await storeTraces(db, { projectId, traces: batch })).toMatchObject({ accepted: 0, duplicates: 2 });
    const stored = await db.trace.findFirstOrThrow({ where: { projectId, externalId: "a" }, include: { steps: { orderBy: { index: "asc" } } } });
    expect(stored).toMatchObject({ environment: "refunds", reward: 0.5, success: false, stepCount: 2, totalTokens: 12 });
    expect(stored.steps[1]).toMatchObject({ type: "tool_call", toolName: "lookup_order", arguments: { id: 7 }, result: { status: "delivered" } });
  });
});

describe("storeTraces, texts that need quoting", () => {
  // On PostgreSQL each column travels as one array literal; every one of these must come back as sent.
  const awkward = ['say "hi"', "C:\\temp\\logs\\", "{a,b}", "NULL", "null", "", " padded ", "line\nbreak\ttab", "a,b", "ÜBER straße 🚀", '\\"', "}{"];

  it("stores every awkward text, argument and metadata value exactly as sent, the same text in every row too", async () => {
    const varied = awkward.map((content, i) => ({
      externalId: `awkward-${i}`,
      trace: traceSchema.parse({
        externalId: `awkward-${i}`,
        environment: content,
        metadata: { note: content },
        steps: [
          { role: "user", content },
          { type: "tool_call", role: "assistant", name: "lookup", arguments: { q: content }, result: content, tokensOut: i },
        ],
      }),
    }));
    const same = ["x", "y", "z"].map((id) => ({ externalId: `same-${id}`, trace: traceSchema.parse({ steps: [{ role: "user", content: 'the "same" \\ text' }] }) }));
    expect(await storeTraces(db, { projectId, traces: [...varied, ...same] })).toMatchObject({ accepted: awkward.length + 3 });

    const stored = await db.trace.findMany({ where: { projectId, externalId: { startsWith: "awkward-" } }, include: { steps: { orderBy: { index: "asc" } } } });
    const byId = new Map(stored.map((t) => [t.externalId, t]));
    awkward.forEach((content, i) => {
      const trace = byId.get(`awkward-${i}`)!;
      expect({ content, environment: trace.environment, metadata: trace.metadata }).toEqual({ content, environment: content, metadata: { note: content } });
      expect(trace.steps.map((s) => [s.content, s.arguments, s.result, s.tokensOut])).toEqual([
        [content, null, null, null],
        [null, { q: content }, content, i],
      ]);
    });
    const sameSteps = await db.traceStep.findMany({ where: { trace: { projectId, externalId: { startsWith: "same-" } } }, select: { content: true } });
    expect(sameSteps.map((s) => s.content)).toEqual(['the "same" \\ text', 'the "same" \\ text', 'the "same" \\ text']);
  });
});
