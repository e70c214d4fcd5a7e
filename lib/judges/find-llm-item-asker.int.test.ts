import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { createJudge } from "./save-judge";
import { deleteProject, makeProject, uniqueName } from "../testing/factories";
import { allowJudgeBaseUrls, chatCompletion, startLlmTestServer } from "../testing/llm-test-server";
import { scoreRewardRequest } from "../reward/score-reward-request";

// The reward API's llm items go through the judges' pipeline: the project's llm judge answers them.
const db = getDb();
const server = await startLlmTestServer((request) => {
  const text = request.text;
  const answer = text.includes("refund has been issued") ? "yes" : "no";
  return { body: chatCompletion(JSON.stringify({ answer, evidence: `the reply says ${answer === "yes" ? "it was issued" : "nothing of it"}` })) };
});
const disallowTestServer = allowJudgeBaseUrls(server.url);
let projectId: string;
const environment = "support";

beforeAll(async () => {
  projectId = (await makeProject(db, "reward-llm")).id;
  const rubric = await db.rubric.create({ data: { projectId, environment, name: "support" } });
  await db.rubricVersion.create({
    data: {
      rubricId: rubric.id,
      version: 1,
      status: "approved",
      approvedAt: new Date(),
      items: {
        create: [
          { key: "confirms_refund", question: "Does the reply confirm the refund?", polarity: "good", weight: 1, checkKind: "llm", check: { kind: "llm", prompt: "Does the reply confirm that the refund was issued?" }, position: 0 },
          { key: "polite", question: "Does the reply thank the customer?", polarity: "good", weight: 1, checkKind: "regex", check: { kind: "regex", pattern: "thank", flags: "i" }, position: 1 },
        ],
      },
    },
  });
});
afterAll(async () => {
  await deleteProject(db, projectId);
  disallowTestServer();
  await server.close();
});

const rollouts = [
  { prompt: "Where is my refund?", completion: "Thank you for waiting: your refund has been issued." },
  { prompt: "Where is my refund?", completion: "Thank you for writing." },
];

describe("llm rubric items in the reward API", () => {
  it("answer n/a with the reason while the project has no llm judge", async () => {
    const answer = await scoreRewardRequest(db, { projectId, request: { environment, onRolloutError: "zero", rollouts } });
    expect(answer.results[0]![0]).toMatchObject({ key: "confirms_refund", answer: "n/a" });
    expect(answer.results[0]![0]!.evidence).toMatch(/no llm judge/);
    expect(server.requests).toHaveLength(0);
  });

  it("are asked of the project's llm judge once it has one, and a repeat is answered from the cache", async () => {
    await createJudge(db, { projectId, input: { name: uniqueName("gpt"), config: { kind: "llm", provider: "openai", baseUrl: `${server.url}/v1`, model: "test-model", maxRetries: 0 } } });
    const answer = await scoreRewardRequest(db, { projectId, request: { environment, onRolloutError: "zero", rollouts: rollouts.map((r) => ({ ...r, metadata: { attempt: 2 } })) } });
    expect(answer.results.map((results) => results![0]!.answer)).toEqual(["yes", "no"]);
    expect(answer.results[0]![0]!.evidence).toMatch(/^gpt-.* v1: the reply says it was issued/);
    expect(answer.rewards).toEqual([1, 0.5]);
    expect(server.requests).toHaveLength(2);
    await scoreRewardRequest(db, { projectId, request: { environment, onRolloutError: "zero", rollouts: rollouts.map((r) => ({ ...r, metadata: { attempt: 2 } })) } });
    expect(server.requests).toHaveLength(2);
  });
});
