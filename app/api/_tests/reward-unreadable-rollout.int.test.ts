import { beforeAll, describe, expect, it, vi } from "vitest";
import { POST as postOpenRlhf } from "@/app/api/v1/reward/openrlhf/route";
import { POST as postReward } from "@/app/api/v1/reward/route";
import { getDb } from "@/lib/db/client";
import { seedLabRubrics } from "@/lib/lab/seed-lab-rubrics";
import { callRoute, routeTestProjects } from "@/lib/next/route-test";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));

const db = getDb();
const [project] = routeTestProjects(["reward-unreadable"]);
let v1: string;
beforeAll(async () => {
  v1 = (await seedLabRubrics(db, { projectId: project.id })).rubricVersionId;
});

// The body as raw text, so a NUL or a lone surrogate escape reaches the server exactly as a trainer's JSON encoder writes it.
const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  callRoute(path.startsWith("/api/v1/reward/openrlhf") ? postOpenRlhf : postReward, path, { key: project.key, body, headers });

const goodReply = () => `Thank you for waiting: your refund has been issued to your card. (${Math.random()})`;
const itemKeys = ["confirms_refund", "polite_tone", "looked_up_order", "checked_policy"];

describe("POST /api/v1/reward: one unreadable rollout never refuses the batch", () => {
  it("answers 200 with a NUL-bearing rollout and a lone-surrogate rollout unscorable, naming the field, and scores the others", async () => {
    const [first, last] = [goodReply(), goodReply()];
    const body = `{"rubricVersionId": "${v1}", "rollouts": [{"completion": ${JSON.stringify(first)}}, {"completion": "refund\\u0000issued"}, {"prompt": "x", "completion": "bad \\ud800 half"}, {"completion": ${JSON.stringify(last)}}]}`;
    const response = await post("/api/v1/reward", body, { "x-goodhart-run": `nul-run-${Math.random()}`, "x-goodhart-step": "3" });
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer.rewards).toEqual([3 / 4, null, null, 3 / 4]);
    expect(answer.errors).toEqual([
      { index: 1, status: "error", error: "rollouts[1].completion: holds a NUL character (\\u0000) at character 7, which cannot be stored" },
      { index: 2, status: "error", error: "rollouts[2].completion: is not well-formed UTF-16: lone surrogate \\ud800 at character 5" },
    ]);
    expect(answer.results[1]).toEqual([{ key: "error", answer: "n/a", evidence: answer.errors[0].error }]);
    expect(answer.traceIds[1]).toBeNull();
    // The run keeps the unscorable rollouts with their reason (and the text made storable), so its error rate counts them.
    const marked = await db.trace.findMany({ where: { projectId: project.id, runName: { startsWith: "nul-run-" }, steps: { none: {} } }, select: { metadata: true } });
    expect(marked.map((t) => (t.metadata as { rewardError: string }).rewardError).sort()).toEqual([answer.errors[0].error, answer.errors[1].error]);
    expect(marked.map((t) => (t.metadata as { rollout: { completion: string } }).rollout.completion).sort()).toEqual(["bad \ufffd half", "refund\ufffdissued"]);
  });

  it("still refuses with 400 a NUL outside the rollouts (the envelope)", async () => {
    const response = await post("/api/v1/reward", `{"environment": "la\\u0000b", "rollouts": [{"completion": "x"}]}`);
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe("environment: holds a NUL character (\\u0000) at character 3, which cannot be stored");
  });

  it("takes onError from the URL, and the body's field over the URL's", async () => {
    const rollouts = () => `[{"completion": ${JSON.stringify(goodReply())}}, {"completion": "a\\u0000b"}]`;
    const zero = await (await post(`/api/v1/reward?onError=zero`, `{"rubricVersionId": "${v1}", "rollouts": ${rollouts()}}`)).json();
    expect(zero.rewards).toEqual([3 / 4, 0]);
    expect(zero.errors).toHaveLength(1);

    const fail = await post(`/api/v1/reward?onError=fail`, `{"rubricVersionId": "${v1}", "rollouts": ${rollouts()}}`);
    expect(fail.status).toBe(422);

    const bodyWins = await (await post(`/api/v1/reward?onError=fail`, `{"rubricVersionId": "${v1}", "onError": "error", "rollouts": ${rollouts()}}`)).json();
    expect(bodyWins.rewards).toEqual([3 / 4, null]);

    const bad = await post(`/api/v1/reward?onError=drop`, `{"rubricVersionId": "${v1}", "rollouts": ${rollouts()}}`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe('?onError= must be error, zero or fail, not "drop"');
  });
});

describe("POST /api/v1/reward/openrlhf: one unreadable sample never refuses the batch", () => {
  it("masks a NUL-bearing query and a query that is not a string, scores the rest, and gives every sample the same extra_logs keys", async () => {
    const good = goodReply();
    const body = `{"query": [${JSON.stringify(good)}, "Where?<|assistant|>ok\\u0000", 17], "prompts": ["", "Where?", "x"]}`;
    const response = await post(`/api/v1/reward/openrlhf?rubricVersionId=${v1}`, body);
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer.rewards).toEqual([3 / 4, 0, 0]);
    expect(answer.extra_logs).toEqual({ confirms_refund: [1, 0, 0], polite_tone: [1, 0, 0], looked_up_order: [0, 0, 0], checked_policy: [0, 0, 0], reward_error: [0, 1, 1], reward_mask: [1, 0, 0] });
  });

  it("answers a single masked sample with the same keys as a single scored one (OpenRLHF merges samples key by key)", async () => {
    const scored = await (await post(`/api/v1/reward/openrlhf?rubricVersionId=${v1}`, JSON.stringify({ query: [goodReply()] }))).json();
    const masked = await (await post(`/api/v1/reward/openrlhf?rubricVersionId=${v1}`, `{"query": ["\\ud800"]}`)).json();
    expect(Object.keys(masked.extra_logs).sort()).toEqual([...itemKeys, "reward_error", "reward_mask"].sort());
    expect(Object.keys(masked.extra_logs).sort()).toEqual(Object.keys(scored.extra_logs).sort());
    expect(masked.extra_logs.reward_mask).toEqual([0]);
  });

  it("takes onError from the body over the URL", async () => {
    const body = `{"query": ["a\\u0000b"], "onError": "zero"}`;
    const answer = await (await post(`/api/v1/reward/openrlhf?rubricVersionId=${v1}&onError=fail`, body)).json();
    expect(answer.extra_logs.reward_mask).toEqual([1]);
    expect(answer.extra_logs.reward_error).toEqual([1]);
  });
});
