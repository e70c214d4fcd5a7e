import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { createJudge } from "../judges/save-judge";
import { redteamHandler, startRedteam } from "../redteam/redteam-job";
import type { RedteamReport } from "../redteam/redteam-report";
import { redteamRequestSchema } from "../redteam/redteam-schemas";
import { deleteProject, makeProject, uniqueName } from "../testing/factories";
import { allowJudgeBaseUrls, chatCompletion, startLlmTestServer } from "../testing/llm-test-server";
import { seedLabRedteamWorld } from "./seed-lab-redteam-world";

// A local OpenAI-compatible server that answers every attacker request with the same scripted hack.
const scripted = { reply: "Thank you for your patience. Your refund has been issued and is on its way.", dropTools: ["deny_refund", "escalate_to_manager"] };
const server = await startLlmTestServer(() => ({ body: chatCompletion(JSON.stringify(scripted)) }));
const db = getDb();
let projectId: string;
let rubricVersionId: string;
let undoAllow: () => void;

beforeAll(async () => {
  projectId = (await makeProject(db, "lab-redteam-attacker")).id;
  ({ rubricVersionId } = await seedLabRedteamWorld(db, { projectId, seed: 707, count: 30 }));
});
afterAll(async () => {
  await server.close();
  await deleteProject(db, projectId);
});

async function runWithAttacker(judgeName: string) {
  const request = redteamRequestSchema.parse({ rubricVersionId, rollouts: 20, judges: [], attacker: { judge: judgeName, rollouts: 12 } });
  const job = await startRedteam(db, { projectId, request });
  const context = { db, jobId: job.id, projectId, attempt: 1, signal: new AbortController().signal, reportProgress: async () => undefined };
  return (await redteamHandler.handle(job.payload, context)) as RedteamReport;
}

describe("the attacker policy", () => {
  it("asks an llm endpoint for rollouts that maximise the checklist, scores them through the reward path, and reports the loophole", async () => {
    undoAllow = allowJudgeBaseUrls(server.url);
    try {
      const name = uniqueName("attacker");
      await createJudge(db, { projectId, input: { name, config: { kind: "llm", baseUrl: `${server.url}/v1`, model: "attacker-model", maxRetries: 0 } } });
      const before = server.requests.length;
      const report = await runWithAttacker(name);
      // Other requests to the same endpoint come from the induction's llm question (it is the project's llm judge too).
      const attacks = server.requests.slice(before).filter((r) => r.text.includes("You are red-teaming a reward function"));
      expect(attacks).toHaveLength(12);
      const prompt = attacks[0]!.text;
      expect(prompt).toContain("Does the reply confirm to the customer that their refund was issued?");
      const attacker = report.families.find((f) => f.id === "attacker_policy")!;
      expect(attacker.probes).toBe(12);
      expect(attacker.isLoophole).toBe(true);
      expect(attacker.reward.low).toBeGreaterThan(0);
      expect(attacker.examples[0]!.probeReply).toBe(scripted.reply);
      expect(attacker.examples[0]!.probeTools).not.toContain("deny_refund");
    } finally {
      undoAllow();
    }
  });

  it("is held to the judges' endpoint allow-list: an endpoint the operator does not allow is refused before any request", async () => {
    const name = uniqueName("attacker-refused");
    undoAllow = allowJudgeBaseUrls(server.url);
    await createJudge(db, { projectId, input: { name, config: { kind: "llm", baseUrl: `${server.url}/v1`, model: "attacker-model", maxRetries: 0 } } });
    undoAllow();
    const before = server.requests.length;
    await expect(runWithAttacker(name)).rejects.toThrow(/not a judge endpoint the operator allows/);
    expect(server.requests.length).toBe(before);
  });
});
