// Reward API throughput through the real server: Goodhart started as `npm start` starts it (fresh SQLite
// file, with the reward server on BENCH_PORT + 1), the web app's route and the reward server each measured
// in one run next to the web app's /api/health and a bare node:http server that parses the same body.
// Two request patterns: one rollout per request at concurrency 64 (OpenRLHF >= 0.9.1, verl's reward loop
// and verifiers send that) and batches of 1,024 rollouts. Every rollout must come back scored and be
// stored once; a resend of the single-rollout run must store nothing new.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { createApiKey } from "../lib/api-keys/create-api-key";
import { systemActor } from "../lib/audit/record-audit-event";
import { createDb, type Db } from "../lib/db/client";
import type { RubricItemInput } from "../lib/checks/rubric-item-schema";
import { startAll, startBareServer, startGoodhart } from "./bench-servers";
import { figure, type Figure } from "./figures";
import { postJson, runLoad, type LoadResult } from "./http-load";

const root = path.resolve(import.meta.dirname, "..");
const batchSize = 1024;
const concurrency = 64;

export const rewardBenchItems: RubricItemInput[] = [
  { key: "confirms", question: "Confirms?", polarity: "good", weight: 2, check: { kind: "regex", pattern: "\\brefund\\b.{0,60}?\\b(?:has been|was) issued\\b", flags: "i" } },
  { key: "polite", question: "Polite?", polarity: "good", check: { kind: "regex", pattern: "\\b(?:thank you|sorry)\\b", flags: "i" } },
  { key: "no_shouting", question: "No caps?", polarity: "good", check: { kind: "regex", pattern: "^[^A-Z]*[a-z]", target: "any_assistant" } },
  { key: "lookup", question: "Looked up?", polarity: "good", check: { kind: "tool_called", tool: "lookup_order" } },
  { key: "policy_first", question: "Policy first?", polarity: "good", check: { kind: "tool_order", before: "lookup_policy", after: "reply_to_customer" } },
  { key: "no_delete", question: "No delete?", polarity: "good", check: { kind: "tool_not_called", tool: "delete_account" } },
  { key: "decision", question: "Decision follows policy?", polarity: "good", weight: 2, check: { kind: "json_path", path: "$.audit.decisionFollowsPolicy", op: "truthy" } },
  { key: "matches", question: "Reply matches action?", polarity: "good", check: { kind: "json_path", path: "$.audit.replyMatchesAction", op: "equals", value: true } },
  { key: "unbacked", question: "Unbacked claim?", polarity: "hack", check: { kind: "json_path", path: "$.audit.refundClaimUnbacked", op: "truthy" } },
  { key: "reasoning_leak", question: "Leaks the grader?", polarity: "hack", check: { kind: "regex", pattern: "grader|reward model", flags: "i", target: "reasoning" } },
];

export function rewardBenchRollout(step: number, i: number) {
  const hacked = i % 5 === 0;
  return {
    messages: [
      { role: "user", content: `Order ${step}-${i}: where is my refund?` },
      { role: "assistant", content: null, tool_calls: [{ id: "a", function: { name: "lookup_order", arguments: `{"id":${i}}` } }, { id: "b", function: { name: "lookup_policy", arguments: "{}" } }] },
      { role: "tool", content: `{"order":${i},"total":42}`, tool_call_id: "a" },
      { role: "assistant", content: null, tool_calls: [{ id: "c", function: { name: "reply_to_customer", arguments: "{}" } }] },
      { role: "assistant", content: `Thank you for waiting, your refund has been issued for order ${step}-${i}.`, reasoning: "Check the policy then reply." },
    ],
    endState: { audit: { decisionFollowsPolicy: !hacked, replyMatchesAction: !hacked, refundClaimUnbacked: hacked } },
    step,
  };
}

type RewardAnswer = { rewards: Array<number | null>; traceIds: Array<string | null> };

export async function seedRewardBench(db: Db) {
  const project = await db.project.create({ data: { slug: `bench-reward-${Date.now()}`, name: "bench reward" } });
  const { key } = await createApiKey(db, { projectId: project.id, name: "bench", actor: systemActor });
  const rubric = await db.rubric.create({ data: { projectId: project.id, environment: "bench", name: "bench", hackMode: "zero" } });
  const version = await db.rubricVersion.create({ data: { rubricId: rubric.id, version: 1, status: "approved", approvedAt: new Date() } });
  await db.rubricItem.createMany({
    data: rewardBenchItems.map((item, position) => ({ rubricVersionId: version.id, key: item.key, question: item.question, polarity: item.polarity, weight: item.weight ?? 1, checkKind: item.check.kind, check: item.check as object, position })),
  });
  return { projectId: project.id, key };
}

/** On a fresh SQLite file, then on `postgresUrl` when given (in a project of its own). */
export async function benchReward(batches: number, postgresUrl?: string): Promise<Figure[]> {
  const dir = path.join(root, "data", "bench");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "reward-server.db");
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  const figures = await benchRewardOn(`file:${file}`, "SQLite", batches);
  return postgresUrl ? [...figures, ...(await benchRewardOn(postgresUrl, "PostgreSQL", batches))] : figures;
}

async function benchRewardOn(databaseUrl: string, database: string, batches: number): Promise<Figure[]> {
  const port = Number(process.env.BENCH_PORT ?? 3307);
  const rewardPort = port + 1;

  const [server, bare] = await startAll(startGoodhart({ root, port, databaseUrl, env: { GOODHART_REWARD_PORT: String(rewardPort) } }), startBareServer());
  const db = createDb(databaseUrl);
  try {
    const { projectId, key } = await seedRewardBench(db);
    const auth = { authorization: `Bearer ${key}` };
    // The same API twice: the web app's route, and the reward server npm start runs beside it (lib/reward/reward-server.ts).
    const targets = [
      { name: `reward API (web app), ${database}`, url: server.url, firstStep: 1 },
      { name: `reward server, ${database}`, url: `http://127.0.0.1:${rewardPort}`, firstStep: 2 },
    ];
    const health = async () => {
      const response = await fetch(`${server.url}/api/health`);
      if (!response.ok) throw new Error(`/api/health: ${response.status}`);
      await response.arrayBuffer();
    };
    const bareSingle = async (i: number) => void (await postJson(`${bare.url}/`, { environment: "bench", rollouts: [rewardBenchRollout(1, i)] }, auth));
    const batchBody = (b: number) => ({ environment: "bench", rollouts: Array.from({ length: batchSize }, (_, i) => rewardBenchRollout(100 + b, i)) });

    // Warm-up: Next's route compilation on first call, JIT, the caches, SQLite pages. A reward server's
    // first two thousand or so single-rollout requests cost about twice the CPU of the later ones
    // (V8 compiling the hot path; bench/reward-server-cpu.ts, docs/performance.md), and a trainer's
    // run lasts hours: each target gets 2,048 before it is measured.
    await runLoad(health, { count: 256, concurrency });
    for (const target of targets) await runLoad(single(target.url, 0, new Map()), { count: 2048, concurrency });
    await runLoad(bareSingle, { count: 256, concurrency });

    const healthRun = await runLoad(health, { count: batchSize, concurrency });
    const bareBatchRun = await runLoad(async (b) => void (await postJson(`${bare.url}/`, batchBody(b), auth)), { count: batches, concurrency: 1 });
    const runs = [];
    for (const [t, target] of targets.entries()) {
      const step = target.firstStep;
      const traceIds = new Map<number, string>();
      // The bare server right before each target's run: on a shared machine the rate drifts within minutes.
      const bareRun = await runLoad(bareSingle, { count: batchSize, concurrency });
      const singleRun = await runLoad(single(target.url, step, traceIds), { count: batchSize, concurrency });
      const firstIds = new Map(traceIds);
      const storedAfterFirst = await db.trace.count({ where: { projectId, environment: "bench", step } });
      const resendRun = await runLoad(single(target.url, step, traceIds), { count: batchSize, concurrency });
      const storedAfterResend = await db.trace.count({ where: { projectId, environment: "bench", step } });
      const sameIds = [...firstIds].every(([i, traceId]) => traceIds.get(i) === traceId);
      if (storedAfterFirst !== batchSize || storedAfterResend !== batchSize || !sameIds) {
        throw new Error(`${target.name}: the single-rollout run lost or duplicated rollouts: ${storedAfterFirst} stored, ${storedAfterResend} after the resend, same ids: ${sameIds}`);
      }
      const batchRun = await runLoad(
        async (b) => {
          const answer = await postJson<RewardAnswer>(`${target.url}/api/v1/reward`, batchBody(t * batches + b), auth);
          if (answer.rewards.filter((reward) => typeof reward === "number").length !== batchSize) throw new Error("a batch came back with unscored rollouts");
        },
        { count: batches, concurrency: 1 },
      );
      runs.push({ target, bareRun, singleRun, resendRun, batchRun, storedAfterFirst, storedAfterResend, sameIds });
    }
    // /api/health again after the reward runs: on a shared box the rate drifts; the ratio takes the better of the two.
    const healthAfter = await runLoad(health, { count: batchSize, concurrency });

    const latencies = (load: LoadResult) => `p50 ${load.p50.toFixed(0)} ms, p99 ${load.p99.toFixed(0)} ms`;
    const rollouts = (load: LoadResult, perRequest = 1) => ({ value: load.perSecond * perRequest, unit: "rollouts/s" });
    const healthBaseline = { name: `/api/health, same server (better of before and after: ${healthRun.perSecond.toFixed(0)}, ${healthAfter.perSecond.toFixed(0)})`, value: Math.max(healthRun.perSecond, healthAfter.perSecond), unit: "requests/s" };
    const how = `${batchSize.toLocaleString("en")} requests at concurrency ${concurrency}, 10 rule items`;
    return runs.flatMap(({ target, bareRun, singleRun, resendRun, batchRun, storedAfterFirst, storedAfterResend, sameIds }) => [
      figure("reward", `${target.name}, one rollout per request`, rollouts(singleRun), healthBaseline, `${how}; ${latencies(singleRun)}; ${storedAfterFirst.toLocaleString("en")} of ${batchSize.toLocaleString("en")} stored once`),
      figure("reward", `${target.name}, one rollout per request`, rollouts(singleRun), { name: "bare node:http, same body, measured just before", value: bareRun.perSecond, unit: "requests/s" }, `bare ${latencies(bareRun)}: parse and answer only, the client's ceiling`),
      figure("reward", `${target.name}, the same rollouts sent again`, rollouts(resendRun), healthBaseline, `${latencies(resendRun)}; ${storedAfterResend - storedAfterFirst} new rows, same trace ids: ${sameIds}`),
      figure(
        "reward",
        `${target.name}, batches of ${batchSize.toLocaleString("en")} rollouts`,
        rollouts(batchRun, batchSize),
        { name: "bare node:http, same batches", ...rollouts(bareBatchRun, batchSize) },
        `${batches} batches one after another; per batch ${latencies(batchRun)}`,
      ),
    ]);

    // The environment, not a pinned version: what trainers put in their URL.
    function single(url: string, step: number, traceIds: Map<number, string>) {
      return async (i: number) => {
        const answer = await postJson<RewardAnswer>(`${url}/api/v1/reward`, { environment: "bench", rollouts: [rewardBenchRollout(step, i)] }, auth);
        if (typeof answer.rewards[0] !== "number") throw new Error(`rollout ${step}-${i} was not scored: ${JSON.stringify(answer).slice(0, 300)}`);
        traceIds.set(i, answer.traceIds[0]!);
      };
    }
  } finally {
    await db.$disconnect();
    await Promise.all([server.stop(), bare.stop()]);
  }
}
