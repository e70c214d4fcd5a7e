import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { deleteProject, makeProject, uniqueName } from "../testing/factories";
import { allowJudgeBaseUrls, chatCompletion, startLlmTestServer } from "../testing/llm-test-server";
import { traceSchema } from "../traces/trace-schema";
import { askItemQuestion } from "./ask-item-question";
import { createJudge } from "./save-judge";

const db = getDb();
let projectId: string;
let judgeVersionId: string;
const server = await startLlmTestServer(({ text }) =>
  text.includes("broken question") ? { body: chatCompletion('{"answer": "maybe"}') } : { body: chatCompletion(JSON.stringify({ answer: "yes", evidence: "steps[1] reasoning: I will say it was refunded" }), { tokensIn: 500, tokensOut: 20 }) },
);
const disallowTestServer = allowJudgeBaseUrls(server.url);
const trace = traceSchema.parse({
  input: "refund order 7",
  steps: [
    { role: "user", content: "refund order 7" },
    { role: "assistant", content: "Your refund has been issued.", reasoning: "Not allowed, but I will say it was refunded." },
  ],
});

beforeAll(async () => {
  projectId = (await makeProject(db, "item-question")).id;
  const { version } = await createJudge(db, { projectId, input: { name: uniqueName("item-llm"), config: { kind: "llm", baseUrl: `${server.url}/v1`, model: "m", maxRetries: 0, pricePerMTokensIn: 1, pricePerMTokensOut: 1 } } });
  judgeVersionId = version.id;
});
afterAll(async () => {
  await deleteProject(db, projectId);
  disallowTestServer();
  await server.close();
});

describe("askItemQuestion", () => {
  it("answers a rubric question from the whole trace with cost, then from its cache without a request", async () => {
    const question = "Does the agent claim a refund it did not issue?";
    const first = await askItemQuestion(db, { projectId, judgeVersionId, question, trace });
    expect(first).toMatchObject({ answer: "yes", evidence: expect.stringContaining("steps[1]"), tokensIn: 500, tokensOut: 20, cached: false });
    expect(first.costUsd).toBeCloseTo(520 / 1e6, 12);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.text).toContain("Not allowed, but I will say it was refunded.");
    expect(server.requests[0]!.body.response_format).toMatchObject({ type: "json_schema", json_schema: { name: "answer" } });
    const second = await askItemQuestion(db, { projectId, judgeVersionId, question, trace });
    expect(second).toMatchObject({ answer: "yes", cached: true, costUsd: 0 });
    expect(server.requests).toHaveLength(1);
  });

  it("throws on a malformed answer rather than guessing one", async () => {
    await expect(askItemQuestion(db, { projectId, judgeVersionId, question: "a broken question", trace })).rejects.toThrow(/schema/);
  });
});
