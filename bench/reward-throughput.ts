// Reward API throughput (rollouts/s) and p50/p99 latency for batches of 1,024 rollouts scored by a
// rubric of ten rule items, over real HTTP. The server is node:http running what POST /api/v1/reward
// runs (API-key check, envelope parse, scoreRewardRequest: score + store traces and item results)
// without Next's router (a started `next start` is too heavy for the bench box); next to it, a bare
// node:http server that parses the same body and answers a same-sized reward list.
import { mkdirSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createApiKey } from "../lib/api-keys/create-api-key";
import { verifyApiKey } from "../lib/api-keys/verify-api-key";
import { systemActor } from "../lib/audit/record-audit-event";
import { createDb, type Db } from "../lib/db/client";
import { migrateDatabase } from "../lib/db/migrate-database";
import { rewardRequestSchema, rolloutSchema } from "../lib/reward/reward-request-schema";
import { rolloutToTrace } from "../lib/reward/rollout-to-trace";
import { compileTraceScorer } from "../lib/reward/score-traces";
import { loadRubricVersion } from "../lib/rubrics/load-rubric-version";
import { scoreRewardRequest } from "../lib/reward/score-reward-request";
import type { RubricItemInput } from "../lib/rubrics/rubric-item-schema";
import type { BenchRow } from "./import-bench";

const root = path.resolve(import.meta.dirname, "..");
const batchSize = 1024;

const items: RubricItemInput[] = [
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

function rollout(batch: number, i: number) {
  const hacked = i % 5 === 0;
  return {
    messages: [
      { role: "user", content: `Order ${batch}-${i}: where is my refund?` },
      { role: "assistant", content: null, tool_calls: [{ id: "a", function: { name: "lookup_order", arguments: `{"id":${i}}` } }, { id: "b", function: { name: "lookup_policy", arguments: "{}" } }] },
      { role: "tool", content: `{"order":${i},"total":42}`, tool_call_id: "a" },
      { role: "assistant", content: null, tool_calls: [{ id: "c", function: { name: "reply_to_customer", arguments: "{}" } }] },
      { role: "assistant", content: `Thank you for waiting, your refund has been issued for order ${batch}-${i}.`, reasoning: "Check the policy then reply." },
    ],
    endState: { audit: { decisionFollowsPolicy: !hacked, replyMatchesAction: !hacked, refundClaimUnbacked: hacked } },
    step: batch,
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

function rewardServer(db: Db) {
  return createServer(async (request, response) => {
    try {
      const key = await verifyApiKey(db, request.headers.authorization ?? null);
      const body = rewardRequestSchema.parse(JSON.parse(await readBody(request)));
      const answer = await scoreRewardRequest(db, { projectId: key.projectId, request: body });
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
    } catch (error) {
      console.error(error);
      response.writeHead(500).end(String(error));
    }
  });
}

function bareServer() {
  return createServer(async (request, response) => {
    const body = JSON.parse(await readBody(request)) as { rollouts: unknown[] };
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ rewards: body.rollouts.map(() => 0), results: body.rollouts.map(() => []) }));
  });
}

async function measure(url: string, key: string, rubricVersionId: string, batches: number, offset: number) {
  const latencies: number[] = [];
  for (let b = 0; b < batches; b += 1) {
    const body = JSON.stringify({ rubricVersionId, rollouts: Array.from({ length: batchSize }, (_, i) => rollout(offset + b, i)) });
    const started = performance.now();
    const response = await fetch(url, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body });
    const text = await response.text();
    if (!response.ok) throw new Error(`reward bench: ${response.status} ${text.slice(0, 500)}`);
    const answer = JSON.parse(text) as { rewards: number[] };
    if (!response.ok || answer.rewards.length !== batchSize) throw new Error(`reward bench: bad answer ${response.status}`);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  const quantile = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  const total = latencies.reduce((sum, ms) => sum + ms, 0);
  return { perSecond: Math.round((batchSize * batches * 1000) / total), p50: quantile(0.5), p99: quantile(0.99) };
}

export async function benchReward(batches: number): Promise<BenchRow[]> {
  const dir = path.join(root, "data", "bench");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "reward.db");
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  await migrateDatabase({ root, url: `file:${file}` });
  const db = createDb(`file:${file}`);
  const project = await db.project.create({ data: { slug: "bench", name: "bench" } });
  const { key } = await createApiKey(db, { projectId: project.id, name: "bench", actor: systemActor });
  const rubric = await db.rubric.create({ data: { projectId: project.id, environment: "bench", name: "bench", hackMode: "zero" } });
  const version = await db.rubricVersion.create({ data: { rubricId: rubric.id, version: 1, status: "approved", approvedAt: new Date() } });
  await db.rubricItem.createMany({
    data: items.map((item, position) => ({ rubricVersionId: version.id, key: item.key, question: item.question, polarity: item.polarity, weight: item.weight ?? 1, checkKind: item.check.kind, check: item.check as object, position })),
  });

  const reward = rewardServer(db);
  const bare = bareServer();
  const [rewardUrl, bareUrl] = await Promise.all([listen(reward), listen(bare)]);
  await measure(rewardUrl, key, version.id, 1, 10_000); // warm-up: JIT, the version cache, SQLite pages
  const product = await measure(rewardUrl, key, version.id, batches, 0);
  const baseline = await measure(bareUrl, key, version.id, batches, 0);
  await Promise.all([new Promise((r) => reward.close(r)), new Promise((r) => bare.close(r))]);
  // Where the time goes: parsing and scoring alone, in process, without HTTP or storage.
  const scorer = compileTraceScorer(await loadRubricVersion(db, { projectId: project.id, rubricVersionId: version.id }));
  const traces = Array.from({ length: batchSize }, (_, i) => rolloutToTrace(rolloutSchema.parse(rollout(20_000, i)), { environment: "bench" }));
  const started = performance.now();
  for (let b = 0; b < batches; b += 1) await scorer(traces);
  const scoreMs = (performance.now() - started) / batches;
  const stored = await db.trace.count();
  await db.$disconnect();
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  return [
    { name: "reward API rollouts/s (1,024/batch, 10 rule items)", value: String(product.perSecond), note: `scores + stores traces and item results; ${stored} traces stored; SQLite` },
    { name: "reward API p50 / p99 per batch", value: `${ms(product.p50)} / ${ms(product.p99)}`, note: `${batches} batches over HTTP (node:http calling scoreRewardRequest)` },
    { name: "bare node:http rollouts/s (same request)", value: String(baseline.perSecond), note: `p50 ${ms(baseline.p50)} / p99 ${ms(baseline.p99)}: parse + answer only` },
    { name: "scoring alone per batch (no HTTP, no storage)", value: ms(scoreMs), note: "the rest of the reward API's time is storing traces, steps and item results" },
    { name: "reward API / bare node:http throughput", value: (product.perSecond / baseline.perSecond).toFixed(3), note: "share of the bare server's rate" },
  ];
}
