// What each stage of a single-rollout reward request costs in JavaScript, in process, on the bench's
// rollout (bench/reward-throughput.ts): CPU µs a call over 16,384 calls after a warm-up of 4,096.
// Not part of `npm run bench`:   npx tsx bench/reward-stages.ts
import { hashApiKey } from "../lib/api-keys/api-key-secret";
import { compileRubric } from "../lib/checks/evaluate-rubric";
import type { Rubric } from "../lib/checks/rubric-item-schema";
import { timeOrderedId } from "../lib/db/time-ordered-id";
import { parseRewardBody } from "../lib/reward/read-reward-body";
import { rewardRequestSchema, rolloutSchema, type Rollout } from "../lib/reward/reward-request-schema";
import { rolloutToTrace } from "../lib/reward/rollout-to-trace";
import { hashTraceAndScored } from "../lib/traces/hash-trace";
import { toStepRow, toTraceRow } from "../lib/traces/trace-rows";
import { rewardBenchItems, rewardBenchRollout } from "./reward-throughput";

const distinct = 4096;
const bodies = Array.from({ length: distinct }, (_, i) => Buffer.from(JSON.stringify({ environment: "bench", rollouts: [rewardBenchRollout(7, i)] })));
const rubric = { hackMode: "zero", items: rewardBenchItems.map((item) => ({ weight: 1, ...item })) } as Rubric;
const evaluate = compileRubric(rubric);
const parsed = bodies.map((bytes) => parseRewardBody(bytes, { perRollout: ["rollouts"] }).body);
const envelopes = parsed.map((body) => rewardRequestSchema.parse(body));
const rollouts = envelopes.map((envelope) => rolloutSchema.parse(envelope.rollouts[0]) as Rollout);
const traces = rollouts.map((rollout) => rolloutToTrace(rollout, { environment: "bench" }));
const scored = traces.map((trace) => evaluate(trace));

function time(name: string, stage: (i: number) => unknown) {
  for (let i = 0; i < distinct; i++) stage(i);
  const calls = distinct * 4;
  const started = process.cpuUsage();
  for (let i = 0; i < calls; i++) stage(i % distinct);
  const used = process.cpuUsage(started);
  console.log(`${name.padEnd(40)} ${((used.user + used.system) / calls).toFixed(2)} µs`);
}

time("reading and parsing the body", (i) => parseRewardBody(bodies[i]!, { perRollout: ["rollouts"] }));
time("(a bare JSON.parse of it)", (i) => JSON.parse(bodies[i]!.toString("utf8")));
time("the envelope's zod schema", (i) => rewardRequestSchema.parse(parsed[i]));
time("the rollout's zod schema", (i) => rolloutSchema.safeParse(envelopes[i]!.rollouts[0]));
time("rolloutToTrace", (i) => rolloutToTrace(rollouts[i]!, { environment: "bench" }));
time("the rubric's ten checks", (i) => evaluate(traces[i]!));
time("both content hashes", (i) => hashTraceAndScored(traces[i]!, { ...traces[i]!.outcome, reward: scored[i]!.reward }));
time("the trace and step rows", (i) => {
  const id = timeOrderedId();
  toTraceRow({ id, projectId: "project", externalId: "rollout", trace: traces[i]!, createdAt: new Date(), contentHash: "hash" });
  return traces[i]!.steps.map((step, index) => toStepRow(id, index, step));
});
time("the API key's SHA-256", (i) => hashApiKey(`gh_${i}abcdefghijklmnopqrstuvwxyz0123456789ABCDEF`));
time("the answer's JSON", (i) => JSON.stringify({ rubricVersionId: "version", rewards: [scored[i]!.reward], results: [scored[i]!.results], errors: [], traceIds: ["trace"], jobIds: [] }));
