import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as postOpenRlhf } from "../../app/api/v1/reward/openrlhf/route";
import { POST as postReward } from "../../app/api/v1/reward/route";
import { createApiKey } from "../api-keys/create-api-key";
import { systemActor } from "../audit/record-audit-event";
import { getDb } from "../db/client";
import { seedLabRubrics } from "../lab/seed-lab-rubrics";
import { deleteProject, makeProject } from "../testing/factories";

// next-auth does not load under vitest's Node ESM; API-key routes never touch the session.
vi.mock("./auth", () => ({ auth: async () => null }));

const db = getDb();
let project: { id: string; slug: string };
let other: { id: string; slug: string };
let key: string;
let v1: string;
let otherV1: string;
let draftId: string;
beforeAll(async () => {
  [project, other] = await Promise.all([makeProject(db, "reward"), makeProject(db, "reward-other")]);
  key = (await createApiKey(db, { projectId: project.id, name: "trainer", actor: systemActor })).key;
  const [mine, theirs] = await Promise.all([seedLabRubrics(db, { projectId: project.id }), seedLabRubrics(db, { projectId: other.id })]);
  v1 = mine.rubricVersionId;
  otherV1 = theirs.rubricVersionId;
  draftId = (await db.rubricVersion.create({ data: { rubricId: mine.rubricId, version: 2, status: "draft", basedOnId: v1 } })).id;
});
afterAll(() => Promise.all([deleteProject(db, project.id), deleteProject(db, other.id)]));

const params = { params: Promise.resolve({}) };
function post(path: string, body: unknown, { headers = {}, auth = `Bearer ${key}` }: { headers?: Record<string, string>; auth?: string | null } = {}) {
  const request = new NextRequest(`http://localhost${path}`, {
    method: "POST",
    headers: { ...(auth ? { authorization: auth } : {}), "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return (path.startsWith("/api/v1/reward/openrlhf") ? postOpenRlhf : postReward)(request, params);
}

const goodReply = "Thank you for waiting: your refund has been issued to your card.";
const toolMessages = (reply: string) => [
  { role: "user", content: "Where is my refund for order 17?" },
  { role: "assistant", content: null, tool_calls: [{ id: "a", function: { name: "lookup_order", arguments: "{}" } }, { id: "b", function: { name: "lookup_policy", arguments: "{}" } }] },
  { role: "assistant", content: null, tool_calls: [{ id: "c", function: { name: "reply_to_customer", arguments: "{}" } }] },
  { role: "assistant", content: reply },
];

describe("POST /api/v1/reward", () => {
  it("scores each rollout with the environment's latest approved version, keeps item results, and stores rollouts as traces", async () => {
    const response = await post("/api/v1/reward", {
      environment: "lab",
      rollouts: [{ messages: toolMessages(goodReply), label: "refund" }, { prompt: "Where is my refund?", completion: "No idea." }],
    }, { headers: { "x-goodhart-run": "grpo-7", "x-goodhart-step": "12" } });
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer.rubricVersionId).toBe(v1);
    expect(answer.rewards).toEqual([1, 0]);
    expect(answer.results[0].map((r: { key: string }) => r.key)).toEqual(["confirms_refund", "polite_tone", "looked_up_order", "checked_policy"]);
    expect(answer.results[0].every((r: { answer: string }) => r.answer === "yes")).toBe(true);
    expect(answer.results[1][0]).toMatchObject({ key: "confirms_refund", answer: "no" });

    const traces = await db.trace.findMany({ where: { projectId: project.id, source: "rollout" }, include: { itemResults: true } });
    expect(traces).toHaveLength(2);
    for (const trace of traces) {
      expect(trace).toMatchObject({ environment: "lab", runName: "grpo-7", step: 12 });
      expect(trace.itemResults).toHaveLength(4);
    }

    // Resending the same batch scores it again but stores nothing twice.
    const again = await (await post("/api/v1/reward", { environment: "lab", rollouts: [{ messages: toolMessages(goodReply), label: "refund" }, { prompt: "Where is my refund?", completion: "No idea." }] }, { headers: { "x-goodhart-run": "grpo-7", "x-goodhart-step": "12" } })).json();
    expect(again.rewards).toEqual([1, 0]);
    expect(again.traceIds).toEqual(answer.traceIds);
    expect(await db.itemResult.count({ where: { projectId: project.id } })).toBe(8);
  });

  it("gives a malformed rollout inside a good batch an error entry, not a failed batch", async () => {
    const rollouts = [{ completion: goodReply }, { prompt: "no completion here" }, { completion: 42 }];
    const zero = await (await post("/api/v1/reward", { rubricVersionId: v1, rollouts })).json();
    expect(zero.rewards).toHaveLength(3);
    expect(zero.rewards[0]).toBeGreaterThan(0);
    expect(zero.rewards.slice(1)).toEqual([0, 0]);
    expect(zero.results[1]).toEqual([{ key: "error", answer: "n/a", evidence: expect.stringMatching(/^rollouts\[1\]: .*completion or messages/) }]);
    expect(zero.errors.map((e: { index: number; status: string }) => [e.index, e.status])).toEqual([[1, "error"], [2, "error"]]);

    const asError = await (await post("/api/v1/reward", { rubricVersionId: v1, onRolloutError: "error", rollouts })).json();
    expect(asError.rewards).toEqual([zero.rewards[0], null, null]);
  });

  it("pins the version it is asked for, refuses drafts, and answers versions of other projects as unknown", async () => {
    const pinned = await (await post("/api/v1/reward", { rubricVersionId: v1, rollouts: [{ completion: goodReply }] })).json();
    expect(pinned.rubricVersionId).toBe(v1);
    // v1 has 4 items; the reply alone earns confirms_refund (2) and polite_tone (1) of 3 evaluable weight (tool_order is n/a).
    expect(pinned.rewards[0]).toBeCloseTo(3 / 4);

    const draft = await post("/api/v1/reward", { rubricVersionId: draftId, rollouts: [{ completion: goodReply }] });
    expect(draft.status).toBe(409);
    // Another project's version answers exactly as an unknown one: its existence is not confirmed.
    const foreign = await post("/api/v1/reward", { rubricVersionId: otherV1, rollouts: [{ completion: goodReply }] });
    const missing = await post("/api/v1/reward", { rubricVersionId: "nope", rollouts: [{ completion: goodReply }] });
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(await foreign.json()).toEqual(await missing.json());
    const noEnv = await post("/api/v1/reward", { environment: "no-such-env", rollouts: [{ completion: goodReply }] });
    expect(noEnv.status).toBe(404);
  });

  it("answers 401 without a valid key and 403 for a key asked to act on another project", async () => {
    const body = { environment: "lab", rollouts: [{ completion: goodReply }] };
    expect((await post("/api/v1/reward", body, { auth: null })).status).toBe(401);
    expect((await post("/api/v1/reward", body, { auth: "Bearer gh_wrong" })).status).toBe(401);
    const forbidden = await post(`/api/v1/reward?project=${other.slug}`, body);
    expect(forbidden.status).toBe(403);
    expect((await forbidden.json()).error.code).toBe("forbidden");
  });

  it("answers 400 with details for a malformed envelope", async () => {
    for (const body of ["{nope", "", { rollouts: [] }, { environment: "lab" }, { rollouts: [{ completion: "x" }] }, { environment: "lab", rollouts: {} }]) {
      const response = await post("/api/v1/reward", body);
      expect(response.status).toBe(400);
      const { error } = await response.json();
      expect(error.code).toBe("bad_request");
      expect(error.details.length).toBeGreaterThan(0);
    }
    expect((await post("/api/v1/reward", { environment: "lab", rollouts: [{ completion: "x" }] }, { headers: { "x-goodhart-step": "minus one" } })).status).toBe(400);
  });
});

describe("POST /api/v1/reward/openrlhf", () => {
  it("takes OpenRLHF's {query, prompts, labels} and answers {rewards, scores, extra_logs}", async () => {
    const prompt = "<|user|>Where is my refund?<|assistant|>";
    const response = await post(`/api/v1/reward/openrlhf?rubricVersionId=${v1}`, {
      query: [prompt + goodReply, prompt + "Please hold."],
      prompts: [prompt, prompt],
      labels: ["refund", "refund"],
    });
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(Object.keys(answer).sort()).toEqual(["extra_logs", "rewards", "scores"]);
    expect(answer.rewards).toHaveLength(2);
    expect(answer.rewards[0]).toBeCloseTo(3 / 4);
    expect(answer.rewards[1]).toBe(0);
    expect(answer.scores).toEqual(answer.rewards);
    expect(answer.extra_logs.confirms_refund).toEqual([1, 0]);
    expect(answer.extra_logs.reward_error).toEqual([0, 0]);
    const stored = await db.trace.findFirst({ where: { projectId: project.id, input: prompt, output: goodReply }, select: { output: true, metadata: true } });
    expect(stored).toMatchObject({ output: goodReply, metadata: { label: "refund" } });
  });

  it("uses ?environment= when no version is pinned, and answers 400 without either or with a bad body", async () => {
    const ok = await (await post("/api/v1/reward/openrlhf?environment=lab", { query: ["Sorry, thank you."] })).json();
    expect(ok.rewards).toEqual([expect.any(Number)]);
    expect((await post("/api/v1/reward/openrlhf", { query: ["x"] })).status).toBe(400);
    expect((await post("/api/v1/reward/openrlhf?environment=lab", { queries: ["x"] })).status).toBe(400);
    expect((await post("/api/v1/reward/openrlhf?environment=lab", { query: ["x"] }, { auth: null })).status).toBe(401);
  });
});
