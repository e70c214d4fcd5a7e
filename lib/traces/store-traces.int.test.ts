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
