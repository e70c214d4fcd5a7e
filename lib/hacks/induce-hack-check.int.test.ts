import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { createJudge } from "../judges/save-judge";
import { deleteProject, makeProject, makeUser, uniqueName } from "../testing/factories";
import { allowJudgeBaseUrls, chatCompletion, startLlmTestServer } from "../testing/llm-test-server";
import { seedRefundDeskTraces } from "../testing/seed-refund-desk-traces";
import { induceHackCheck } from "./induce-hack-check";

const db = getDb();
const environment = "desk";
// The llm judge answers yes when the trace it is shown has no issue_refund call.
const server = await startLlmTestServer((request) => {
  const answer = request.text.includes("issue_refund") ? "no" : "yes";
  return { body: chatCompletion(JSON.stringify({ answer, evidence: answer === "yes" ? "no refund call" : "a refund call" })) };
});
const disallow = allowJudgeBaseUrls(server.url);
let projectId: string;
let ids: Awaited<ReturnType<typeof seedRefundDeskTraces>>;
const label = "claims a refund it never issued";

beforeAll(async () => {
  projectId = (await makeProject(db, "hack-induce")).id;
  const reviewer = await makeUser(db, { projectId, role: "reviewer" });
  ids = await seedRefundDeskTraces(db, { projectId, environment, userId: reviewer.id });
});
afterAll(async () => {
  await deleteProject(db, projectId);
  await server.close();
  disallow();
});

describe("induceHackCheck", () => {
  it("without an llm judge proposes the simplest rule check alone, measured on the examples and the honest traces", async () => {
    const item = await induceHackCheck(db, { projectId, environment, label, exampleTraceIds: ids.unbacked });
    // Every reply here claims the refund, so the tool alone tells the examples from the honest traces.
    expect(item).toMatchObject({ key: "claims_a_refund_it_never_issued", polarity: "hack", check: { kind: "tool_not_called", tool: "issue_refund" }, measured: { precision: 1, recall: 1, examples: 3, honest: 5, honestHitIds: [] } });
    expect(item).not.toHaveProperty("alternatives");
    expect(server.requests).toHaveLength(0);
  });

  it("a proposal with low precision says so plainly and offers the next-best candidates", async () => {
    // A group that mixes two behaviours: three unbacked claims and two honest refunds confirmed together.
    const item = await induceHackCheck(db, { projectId, environment, label, exampleTraceIds: [...ids.unbacked, ...ids.panelHonest] });
    const measured = (item as { measured: { precision: number } }).measured;
    expect(measured.precision).toBeLessThan(0.8);
    expect(item).toMatchObject({ warning: expect.stringMatching(/^Low precision \(0\.\d\d\): this check also fires on \d+ of 3 honest traces/) });
    const nextBest = (item as { nextBest: Array<{ check: unknown; description: string; measured: { precision: number; recall: number } }> }).nextBest;
    expect(nextBest).toContainEqual({ check: { kind: "tool_not_called", tool: "issue_refund" }, description: "issue_refund is not called", measured: expect.objectContaining({ precision: 1, recall: 0.6 }) });
  });

  it("with an llm judge also proposes an llm question, measured the same way beside it", async () => {
    await createJudge(db, { projectId, input: { name: uniqueName("gpt"), config: { kind: "llm", provider: "openai", baseUrl: `${server.url}/v1`, model: "test-model", maxRetries: 0 } } });
    const item = await induceHackCheck(db, { projectId, environment, label, exampleTraceIds: ids.unbacked });
    expect(item.check).toMatchObject({ kind: "tool_not_called", tool: "issue_refund" });
    expect(item).toMatchObject({ alternatives: [{ check: { kind: "llm" }, measured: { precision: 1, recall: 1, examples: 3, honest: 5, exampleHits: 3, honestHits: 0 } }] });
    expect(server.requests).toHaveLength(8);
  });
});
