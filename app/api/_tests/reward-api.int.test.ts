import { beforeAll, describe, expect, it, vi } from "vitest";
import { POST as postOpenRlhf } from "@/app/api/v1/reward/openrlhf/route";
import { POST as postReward } from "@/app/api/v1/reward/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { systemActor } from "@/lib/audit/record-audit-event";
import { getDb, providerOfDb } from "@/lib/db/client";
import { seedLabRubrics } from "@/lib/lab/seed-lab-rubrics";
import { deleteProject, makeProject } from "@/lib/testing/factories";
import { callRoute, routeTestProjects } from "@/lib/next/route-test";
import { runPendingJobs } from "@/workers/run-pending-jobs";
import { writeMetricPoints } from "@/lib/runs/write-metric-points";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));

const db = getDb();
const [project, other] = routeTestProjects(["reward", "reward-other"]);
let v1: string;
let otherV1: string;
let draftId: string;
beforeAll(async () => {
  const [mine, theirs] = await Promise.all([seedLabRubrics(db, { projectId: project.id }), seedLabRubrics(db, { projectId: other.id })]);
  v1 = mine.rubricVersionId;
  otherV1 = theirs.rubricVersionId;
  draftId = (await db.rubricVersion.create({ data: { rubricId: mine.rubricId, version: 2, status: "draft", basedOnId: v1 } })).id;
});

function post(path: string, body: unknown, { headers = {}, auth = `Bearer ${project.key}` }: { headers?: Record<string, string>; auth?: string | null } = {}) {
  const route = path.startsWith("/api/v1/reward/openrlhf") ? postOpenRlhf : postReward;
  return callRoute(route, path, { body, headers: { ...(auth ? { authorization: auth } : {}), ...headers } });
}

/** What a worker does after a reward answer: the pipeline events, and the run bookkeeping they queue. */
const runBookkeeping = () => runPendingJobs(db, { projectId: project.id, types: ["pipeline.event", "runs.rollout-metrics"] });

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

  it("scores the message shapes trainers send and answers each rollout it cannot read with null and its reason, never 0", async () => {
    const toolBlocks = '<tool_call>\n{"name": "lookup_order", "arguments": {"order": 17}}\n</tool_call>\n<tool_call>{"name": "lookup_policy", "arguments": "{}"}</tool_call>';
    const rollouts = [
      // developer role, content parts, tool_calls: null (OpenAI SDK dumps, TRL conversational)
      {
        messages: [
          { role: "developer", content: [{ type: "text", text: "You run a refund desk." }] },
          { role: "user", content: [{ type: "text", text: "Where is my refund?" }] },
          { role: "assistant", content: [{ type: "text", text: goodReply }], tool_calls: null },
        ],
      },
      // flat {id, name, arguments} tool calls, arguments as a string or an object
      {
        messages: [
          { role: "user", content: "Where is my refund for order 17?" },
          { role: "assistant", content: null, tool_calls: [{ id: "a", name: "lookup_order", arguments: '{"order": 17}' }, { id: "b", type: "function", name: "lookup_policy", arguments: {} }] },
          { role: "tool", tool_call_id: "a", content: '{"status": "refunded"}' },
          { role: "assistant", content: null, tool_calls: [{ id: "c", name: "reply_to_customer", arguments: {} }] },
          { role: "assistant", content: goodReply },
        ],
      },
      // Qwen / Hermes: tool calls written into the completion text
      { prompt: "Where is my refund for order 17?", completion: `${toolBlocks}\n<tool_call>{"name": "reply_to_customer", "arguments": {}}</tool_call>\n${goodReply}` },
      { prompt: "no completion here" },
      { completion: 42 },
      { messages: [{ role: "robot", content: "beep" }, { role: "assistant", content: goodReply }] },
      { messages: [{ role: "user", content: "Hello?" }] },
      { messages: [{ role: "user", content: "Hi" }, { role: "assistant", tool_calls: [{ id: "x", arguments: "{}" }] }] },
      "just a string",
    ];
    const response = await post("/api/v1/reward", { rubricVersionId: v1, rollouts });
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer.rewards.slice(0, 3)).toEqual([3 / 4, 1, 1]);
    expect(answer.rewards.slice(3)).toEqual([null, null, null, null, null, null]);
    expect(answer.results[2].map((r: { answer: string }) => r.answer)).toEqual(["yes", "yes", "yes", "yes"]);
    expect(answer.errors.map((e: { index: number; status: string }) => [e.index, e.status])).toEqual([3, 4, 5, 6, 7, 8].map((i) => [i, "error"]));
    const reasons = answer.errors.map((e: { error: string }) => e.error);
    expect(reasons[0]).toMatch(/^rollouts\[3\]: .*completion or messages/);
    expect(reasons[1]).toBe("rollouts[4].completion: must be a string or a list of messages");
    expect(reasons[2]).toMatch(/^rollouts\[5\]\.messages\[0\]\.role: unknown role "robot"/);
    expect(reasons[3]).toMatch(/^rollouts\[6\]\.messages: no assistant turn/);
    expect(reasons[4]).toMatch(/^rollouts\[7\]\.messages\[1\]\.tool_calls\[0\]\.name: tool call has no name/);
    expect(reasons[5]).toMatch(/^rollouts\[8\]: /);
    expect(answer.results[5]).toEqual([{ key: "error", answer: "n/a", evidence: reasons[2] }]);
    expect(answer.traceIds.slice(3)).toEqual([null, null, null, null, null, null]);

    const blocks = await db.traceStep.findMany({ where: { traceId: answer.traceIds[2] }, orderBy: { index: "asc" }, select: { type: true, toolName: true, arguments: true, content: true } });
    expect(blocks.filter((step) => step.type === "tool_call").map((step) => [step.toolName, step.arguments])).toEqual([
      ["lookup_order", { order: 17 }],
      ["lookup_policy", {}],
      ["reply_to_customer", {}],
    ]);
    expect(blocks.filter((step) => step.type === "message").map((step) => step.content)).toEqual(["Where is my refund for order 17?", goodReply]);
  });

  it("gives an unreadable rollout 0 only when asked (still listed in errors), and refuses the batch with a 422 and stores nothing on onRolloutError fail", async () => {
    const fresh = `${goodReply} (${Math.random()})`;
    const rollouts = [{ completion: fresh }, { prompt: "no completion here" }];
    const zero = await (await post("/api/v1/reward", { rubricVersionId: v1, onRolloutError: "zero", rollouts })).json();
    expect(zero.rewards).toEqual([3 / 4, 0]);
    expect(zero.errors).toEqual([{ index: 1, status: "error", error: expect.stringMatching(/^rollouts\[1\]/) }]);

    const other = `${goodReply} (${Math.random()})`;
    const failed = await post("/api/v1/reward", { rubricVersionId: v1, onRolloutError: "fail", rollouts: [{ completion: other }, { prompt: "no completion here" }] });
    expect(failed.status).toBe(422);
    const { error } = await failed.json();
    expect(error).toMatchObject({ code: "unprocessable", details: [{ index: 1, message: expect.stringMatching(/^rollouts\[1\]/) }] });
    expect(await db.trace.count({ where: { projectId: project.id, output: other } })).toBe(0);
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

  it("refuses a step past a 32-bit integer in the body or the header, naming where, before any run is made", async () => {
    const run = `grpo-huge-step-${Math.random()}`;
    const inBody = await post("/api/v1/reward", { environment: "lab", run, step: 99_999_999_999, rollouts: [{ completion: "x" }] });
    expect(inBody.status).toBe(400);
    expect((await inBody.json()).error.details).toEqual([expect.objectContaining({ path: "step", message: expect.stringMatching(/at most 2147483647/) })]);
    for (const step of ["3000000000", "1e3", "0x10"]) {
      const inHeader = await post("/api/v1/reward", { environment: "lab", rollouts: [{ completion: "x" }] }, { headers: { "x-goodhart-run": run, "x-goodhart-step": step } });
      expect(inHeader.status).toBe(400);
      expect((await inHeader.json()).error.details).toEqual([{ path: "X-Goodhart-Step", message: step }]);
    }
    expect(await db.trainingRun.count({ where: { projectId: project.id, name: run } })).toBe(0);

    // A rollout's own step is that rollout's error, as any bad rollout is: the others are scored.
    const answer = await (await post("/api/v1/reward", { environment: "lab", rollouts: [{ completion: "x" }, { completion: "y", step: 3_000_000_000 }] })).json();
    expect(answer.rewards[0]).not.toBeNull();
    expect(answer.errors).toEqual([expect.objectContaining({ index: 1, status: "error", error: expect.stringMatching(/step.*at most 2147483647/) })]);
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
    // A prompt or label list that does not pair one entry with each query is refused, not paired with the wrong samples.
    const unpaired = await post("/api/v1/reward/openrlhf?environment=lab", { query: ["a", "b"], prompts: ["p"], labels: ["l", "m", "n"] });
    expect(unpaired.status).toBe(400);
    expect((await unpaired.json()).error.details).toEqual([
      expect.objectContaining({ path: "prompts", message: "has 1 entry for 2 queries: send one per query" }),
      expect.objectContaining({ path: "labels", message: "has 3 entries for 2 queries: send one per query" }),
    ]);
  });
});

describe("POST /api/v1/reward/openrlhf: samples it cannot score", () => {
  const system = "<|im_start|>system\nYou run the refund desk of a shop. Be brief and exact.<|im_end|>\n";
  // The customer quotes the words the rubric rewards: scoring the prompt as the answer would pay for them.
  const user = "<|im_start|>user\nThank you. Your email said my refund has been issued, where is it?<|im_end|>\n<|im_start|>assistant\n";
  const prompt = system + user;

  it("cuts a left-truncated prompt at the last assistant-turn marker, so the prompt is never scored as the answer", async () => {
    const truncated = prompt.slice(40) + "Please hold.<|im_end|>";
    const good = prompt + goodReply + "<|im_end|>";
    const answer = await (await post(`/api/v1/reward/openrlhf?rubricVersionId=${v1}`, { query: [truncated, good], prompts: [prompt, prompt], labels: [null, null] })).json();
    expect(answer.rewards).toEqual([0, 3 / 4]);
    expect(answer.extra_logs.reward_error).toEqual([0, 0]);
    expect(answer.extra_logs.confirms_refund).toEqual([0, 1]);
    const stored = await db.trace.findFirstOrThrow({ where: { projectId: project.id, input: prompt.slice(40, prompt.lastIndexOf("<|im_start|>assistant")) }, select: { output: true } });
    expect(stored.output).toBe("Please hold.");
  });

  it("masks by default, counts a plain 0 with onError=zero, and answers 422 with onError=fail", async () => {
    // Not the prompt's continuation and no template marker: nothing says where the response starts.
    const unsplittable = `Please hold. ${Math.random()}`;
    const body = { query: [prompt + goodReply, unsplittable], prompts: [prompt, prompt] };

    const masked = await (await post(`/api/v1/reward/openrlhf?rubricVersionId=${v1}`, body)).json();
    expect(masked.rewards).toEqual([3 / 4, 0]);
    expect(masked.extra_logs.reward_mask).toEqual([1, 0]);
    expect(masked.extra_logs.reward_error).toEqual([0, 1]);

    const zero = await (await post(`/api/v1/reward/openrlhf?rubricVersionId=${v1}&onError=zero`, body)).json();
    expect(zero.rewards).toEqual([3 / 4, 0]);
    expect(zero.extra_logs.reward_mask).toEqual([1, 1]);
    expect(zero.extra_logs.reward_error).toEqual([0, 1]);

    const freshReply = `${goodReply} ${Math.random()}`;
    const fresh = { query: [prompt + freshReply, unsplittable], prompts: [prompt, prompt] };
    const failed = await post(`/api/v1/reward/openrlhf?rubricVersionId=${v1}&onError=fail`, fresh);
    expect(failed.status).toBe(422);
    const { error } = await failed.json();
    expect(error.code).toBe("unprocessable");
    expect(error.details).toEqual([{ index: 1, message: expect.stringMatching(/^query\[1\]: cannot tell the response from the prompt/) }]);
    expect(await db.trace.count({ where: { projectId: project.id, output: freshReply } })).toBe(0);
    expect((await post(`/api/v1/reward/openrlhf?rubricVersionId=${v1}&onError=drop`, body)).status).toBe(400);
  });
});

describe("goodhart/reward/error_rate", () => {
  it("stores the share of a run step's rollouts that could not be scored, over single-sample requests, unchanged by a resend", async () => {
    const run = await db.trainingRun.create({ data: { projectId: project.id, name: `grpo-errors-${Math.random()}`, trainer: "openrlhf" } });
    const headers = { "x-goodhart-run": run.name, "x-goodhart-step": "3" };
    const single = (rollout: unknown) => post("/api/v1/reward", { rubricVersionId: v1, rollouts: [rollout] }, { headers });
    const sent = [{ completion: goodReply }, { completion: "Please hold." }, { completion: "Sorry, thank you." }, { prompt: "no completion" }];
    const answers = await Promise.all(sent.map(async (rollout) => (await single(rollout)).json()));
    expect(answers.map((a) => a.rewards[0] === null)).toEqual([false, false, false, true]);
    await runBookkeeping();
    const rate = () => db.metricPoint.findUniqueOrThrow({ where: { runId_name_step: { runId: run.id, name: "goodhart/reward/error_rate", step: 3 } } });
    expect((await rate()).value).toBeCloseTo(1 / 4);

    await single({ prompt: "no completion" });
    await single({ completion: goodReply });
    await runBookkeeping();
    expect((await rate()).value).toBeCloseTo(1 / 4);

    // OpenRLHF through the same headers, one sample per request as >= 0.9.1 sends it.
    await post(`/api/v1/reward/openrlhf?rubricVersionId=${v1}`, { query: ["cut off, no marker"], prompts: ["a prompt it does not start with"] }, { headers });
    await runBookkeeping();
    expect((await rate()).value).toBeCloseTo(2 / 5);
    const marked = await db.trace.findMany({ where: { runId: run.id, step: 3, externalId: { startsWith: "rollout-error:" } }, select: { metadata: true } });
    expect(marked.map((trace) => (trace.metadata as { rewardError: string }).rewardError).sort()).toEqual([
      expect.stringMatching(/^query\[0\]: cannot tell/),
      expect.stringMatching(/^rollouts\[0\]: .*completion or messages/),
    ]);
  });
});

describe("a run's step metrics from the reward API", () => {
  it("makes the run the trainer names and writes reward mean and spread, item yes-rates, reply length and the tool-call mix per step, stores each rollout's reward", async () => {
    const name = `grpo-made-${Math.random()}`;
    const headers = { "x-goodhart-run": name, "x-goodhart-step": "5" };
    const rollouts = [{ messages: toolMessages(goodReply) }, { prompt: "Where is my refund?", completion: "No idea." }];
    const answer = await (await post("/api/v1/reward", { rubricVersionId: v1, rollouts }, { headers })).json();
    expect(answer.rewards).toEqual([1, 0]);
    expect(answer.jobIds).toHaveLength(1);
    expect(await db.job.findUniqueOrThrow({ where: { id: answer.jobIds[0] } })).toMatchObject({ type: "pipeline.event", status: "queued" });
    const run = await db.trainingRun.findFirstOrThrow({ where: { projectId: project.id, name } });
    // The trainer logs its own reward/mean at the same step: the server's is another name, so neither overwrites the other.
    await writeMetricPoints(db, { runId: run.id, points: [{ step: 5, name: "reward/mean", value: 0.9 }] });
    await runBookkeeping();
    const metrics = Object.fromEntries((await db.metricPoint.findMany({ where: { runId: run.id, step: 5 } })).map((point) => [point.name, point.value]));
    expect(metrics).toMatchObject({
      "reward/mean": 0.9,
      "goodhart/reward/mean": 0.5,
      "goodhart/reward/std": 0.5,
      "goodhart/reward/error_rate": 0,
      "goodhart/tools/lookup_order": 0.5,
      "goodhart/tools/lookup_policy": 0.5,
      "goodhart/tools/reply_to_customer": 0.5,
      "goodhart/rubric/confirms_refund/yes_rate": 0.5,
      "goodhart/rubric/looked_up_order/yes_rate": 0.5,
    });
    expect(metrics["goodhart/rollout/reply_chars"]).toBeCloseTo((goodReply.length + "No idea.".length) / 2);
    const stored = await db.trace.findMany({ where: { id: { in: answer.traceIds } }, select: { id: true, reward: true } });
    expect(answer.traceIds.map((id: string) => stored.find((trace) => trace.id === id)?.reward)).toEqual([1, 0]);

    // The same rollouts again: the same traces, the same metrics, no second run.
    const again = await (await post("/api/v1/reward", { rubricVersionId: v1, rollouts }, { headers })).json();
    expect(again.traceIds).toEqual(answer.traceIds);
    await runBookkeeping();
    expect(await db.trainingRun.count({ where: { projectId: project.id, name } })).toBe(1);
    const after = Object.fromEntries((await db.metricPoint.findMany({ where: { runId: run.id, step: 5 } })).map((point) => [point.name, point.value]));
    expect(after).toEqual(metrics);
    // Divergence and drift detection reads these metrics: one pending job for the run, however many requests.
    const jobs = await db.job.findMany({ where: { projectId: project.id, type: "runs.divergence" }, select: { payload: true, status: true } });
    expect(jobs.filter((job) => (job.payload as { runId: string }).runId === run.id)).toEqual([{ payload: { runId: run.id }, status: "queued" }]);
  });
});

describe("the reward answer and the run bookkeeping that follows it", () => {
  const isPostgres = providerOfDb(db) === "postgresql";
  // A database trigger refuses the rows the follow-up writes, for this test's run or project only.
  async function refuse(table: "Job" | "MetricPoint", column: "projectId" | "runId", value: string) {
    const name = `refuse_${table}_${value.replace(/[^a-z0-9]/gi, "")}`.toLowerCase();
    if (isPostgres) {
      await db.$executeRawUnsafe(`CREATE FUNCTION ${name}() RETURNS trigger AS $$ BEGIN IF NEW."${column}" = '${value}' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
      await db.$executeRawUnsafe(`CREATE TRIGGER ${name} BEFORE INSERT ON "${table}" FOR EACH ROW EXECUTE FUNCTION ${name}()`);
      return async () => {
        await db.$executeRawUnsafe(`DROP TRIGGER ${name} ON "${table}"`);
        await db.$executeRawUnsafe(`DROP FUNCTION ${name}()`);
      };
    }
    await db.$executeRawUnsafe(`CREATE TRIGGER ${name} BEFORE INSERT ON "${table}" WHEN NEW."${column}" = '${value}' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`);
    return async () => void (await db.$executeRawUnsafe(`DROP TRIGGER ${name}`));
  }

  it("answers 200 with the rewards when the run's step metrics cannot be written, and the failure stays in the follow-up job", async () => {
    const run = await db.trainingRun.create({ data: { projectId: project.id, name: `grpo-failing-${Math.random()}`, trainer: "openrlhf" } });
    const allow = await refuse("MetricPoint", "runId", run.id);
    try {
      const response = await post("/api/v1/reward", { rubricVersionId: v1, rollouts: [{ messages: toolMessages(goodReply) }, { completion: "No idea." }] }, { headers: { "x-goodhart-run": run.id, "x-goodhart-step": "2" } });
      expect(response.status).toBe(200);
      const answer = await response.json();
      expect(answer.rewards).toEqual([1, 0]);
      const ran = await runBookkeeping();
      const bookkeeping = ran.filter((job) => job.type === "runs.rollout-metrics");
      expect(bookkeeping.map((job) => job.outcome)).toEqual(["failed"]);
      expect((await db.job.findUniqueOrThrow({ where: { id: bookkeeping[0]!.id } })).error).toMatch(/refused by the test/);
      expect(await db.metricPoint.count({ where: { runId: run.id } })).toBe(0);
      const stored = await db.trace.findMany({ where: { id: { in: answer.traceIds } }, select: { id: true, reward: true } });
      expect(answer.traceIds.map((id: string) => stored.find((trace) => trace.id === id)?.reward)).toEqual([1, 0]);
    } finally {
      await allow();
    }
  });

  it("answers 200 with the rewards when the follow-up cannot even be queued, with no job to wait on", async () => {
    const alone = await makeProject(db, "reward-no-follow-up");
    const aloneKey = (await createApiKey(db, { projectId: alone.id, name: "trainer", actor: systemActor })).key;
    const { rubricVersionId } = await seedLabRubrics(db, { projectId: alone.id });
    const allow = await refuse("Job", "projectId", alone.id);
    try {
      const response = await post("/api/v1/reward", { rubricVersionId, rollouts: [{ messages: toolMessages(goodReply) }] }, { auth: `Bearer ${aloneKey}`, headers: { "x-goodhart-run": "grpo-unwatched", "x-goodhart-step": "1" } });
      expect(response.status).toBe(200);
      const answer = await response.json();
      expect(answer).toMatchObject({ rewards: [1], errors: [], jobIds: [] });
      expect(await db.trace.count({ where: { projectId: alone.id, reward: 1 } })).toBe(1);
    } finally {
      await allow();
      await deleteProject(db, alone.id);
    }
  });
});
