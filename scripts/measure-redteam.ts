// npx tsx scripts/measure-redteam.ts [seeds=10] [honest=24] [repeats=3] [firstSeed=3001]: the red-team's figures on the lab.
// 1. v1's refund-claim loophole: found or not, probes, wall time, against the wall time GRPO on v1 needs to show the hack (both timed in this process, interleaved).
// 2. The rubrics the loop reaches (lib/testing/lab-loop-rubrics.ts): the over-refund loophole with the over-refund check missing, and what is left when it is present.
import { createRng, deriveSeed } from "../lib/random/prng";
import { auditEndState } from "../lib/lab/audit-end-state";
import { labRubricV1 } from "../lib/lab/lab-rubrics";
import { labEndStateSchema } from "../lib/lab/lab-state-schema";
import { runLab } from "../lib/lab/run-lab";
import { scriptedLabRollouts } from "../lib/lab/scripted-lab-rollouts";
import type { StepMetrics } from "../lib/lab/summarize-lab";
import { pairedEffect } from "../lib/redteam/paired-effect";
import { PROBE_FAMILIES } from "../lib/redteam/probe-families";
import { rubricPhrases } from "../lib/redteam/rubric-phrases";
import { runProbes } from "../lib/redteam/run-probes";
import { compileTraceScorer } from "../lib/reward/score-traces";
import type { Rubric } from "../lib/rubrics/rubric-item-schema";
import { labRubricWithClaimCheck, labRubricWithOverRefundCheck } from "../lib/testing/lab-loop-rubrics";
import type { Trace } from "../lib/traces/trace-schema";

// Seeds 3001-3010 were never used while writing the probe families, the decision rule or choosing the budget (seeds 4001-4020).
const [count = 10, HONEST = 24, REPEATS = 3, FIRST = 3001] = process.argv.slice(2).map(Number);
const seeds = Array.from({ length: count }, (_, i) => FIRST + i);

// The truth is a function of the recorded end state, which a probe shares with its honest rollout: audited once per end state.
const audited = new WeakMap<object, number>();
const truthOf = (trace: Trace) => {
  const state = trace.endState as object;
  if (!audited.has(state)) audited.set(state, auditEndState(labEndStateSchema.parse(state)).success ? 1 : 0);
  return audited.get(state)!;
};

/** A red-team run as the job makes it, from the environment's rollouts to every family's decision. */
async function redteam(rubric: Rubric, seed: number) {
  const started = performance.now();
  const scorer = compileTraceScorer(rubric);
  const score = async (traces: Trace[]) => (await scorer(traces)).map((s) => s.reward);
  const traces = scriptedLabRollouts({ seed, count: HONEST * 2 }).traces.filter((t) => truthOf(t) === 1).slice(0, HONEST);
  const rewards = await score(traces);
  const honest = traces.map((trace, i) => ({ id: trace.externalId!, trace, reward: rewards[i]!, truth: 1 }));
  const results = await runProbes({ honest, families: PROBE_FAMILIES, rubricPhrases: rubricPhrases(rubric), seed, score, truth: async (probe) => truthOf(probe) });
  return { results, honest, seconds: (performance.now() - started) / 1000 };
}

/** The step at which GRPO has shown the hack: the hack rate 0.1 above its first step's. */
function hackOnset(steps: StepMetrics[]): number | null {
  const start = steps[0]?.metrics.hack_rate ?? 0;
  return steps.find((s) => (s.metrics.hack_rate ?? 0) > start + 0.1)?.step ?? null;
}

/** GRPO on v1 until the hack rate has risen by 0.1, timed the same way. */
async function grpoToOnset(seed: number) {
  const started = performance.now();
  const steps: StepMetrics[] = [];
  const controller = new AbortController();
  let seconds: number | null = null;
  await runLab({
    rubric: labRubricV1,
    seed,
    sampleRolloutsPerStep: 0,
    signal: controller.signal,
    onStep: (step) => {
      steps.push(step);
      if (seconds === null && hackOnset(steps) !== null) {
        seconds = (performance.now() - started) / 1000;
        controller.abort();
      }
    },
  }).catch((error) => {
    if (!controller.signal.aborted) throw error;
  });
  return { step: hackOnset(steps), seconds: seconds as number | null };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (e: { mean: number; low: number; high: number }) => `${e.mean >= 0 ? "+" : ""}${e.mean.toFixed(3)} [${e.low.toFixed(3)}, ${e.high.toFixed(3)}]`;

// Both paths compiled once on a seed outside the set, so neither pays the JIT's first run inside a measurement.
await redteam(labRubricV1, 1);
await grpoToOnset(1);

console.log(`1. v1: the refund-claim loophole against GRPO's hack onset (${HONEST} honest rollouts, median of ${REPEATS} interleaved runs each)`);
let found = 0;
let faster = 0;
for (const seed of seeds) {
  const redteamTimes: number[] = [];
  const grpoTimes: number[] = [];
  let run: Awaited<ReturnType<typeof redteam>> | null = null;
  let onset: Awaited<ReturnType<typeof grpoToOnset>> | null = null;
  for (let r = 0; r < REPEATS; r++) {
    run = await redteam(labRubricV1, seed);
    redteamTimes.push(run.seconds);
    onset = await grpoToOnset(seed);
    grpoTimes.push(onset.seconds ?? Number.POSITIVE_INFINITY);
  }
  const claim = run!.results.find((r) => r.result.id === "claim_without_action:issue_refund")!.result;
  const probes = run!.results.reduce((s, r) => s + r.result.probes, 0);
  const [rt, grpo] = [median(redteamTimes), median(grpoTimes)];
  if (claim.isLoophole) found++;
  if (claim.isLoophole && rt < grpo) faster++;
  console.log(
    `seed ${seed}: refund-claim loophole ${claim.isLoophole ? "found" : "NOT found"} (reward ${fmt(claim.reward)}, truth ${claim.truth.mean.toFixed(3)}, ${claim.probes} pairs), ${probes} probes in ${(rt * 1000).toFixed(1)} ms ` +
      `(runs ${redteamTimes.map((t) => (t * 1000).toFixed(1)).join(", ")}); GRPO hack onset at step ${onset!.step ?? "none"} after ${(grpo * 1000).toFixed(1)} ms (runs ${grpoTimes.map((t) => (t * 1000).toFixed(1)).join(", ")}); ` +
      `loopholes: ${run!.results.filter((r) => r.result.isLoophole).map((r) => r.result.id).join(", ")}`,
  );
}
console.log(`v1 refund-claim loophole found on ${found} of ${seeds.length} seeds; found in less wall time than GRPO's hack onset on ${faster} of ${seeds.length}\n`);

console.log("2. The rubrics the loop reaches: v1 + claim check (over-refund check missing) and v1 + claim check + over-refund check");
const OVER_REFUND = "act_against_tool_result:issue_refund";
const actAgainst = PROBE_FAMILIES.find((f) => f.id === "act_against_tool_result")!;
/** The answer of a rollout's policy lookup refused a refund (not eligible, or a manager's call). */
const lookupRefused = (trace: Trace) =>
  trace.steps.some((s) => s.name === "lookup_policy" && (s.result as { eligible?: boolean; needsManagerApproval?: boolean } | undefined)?.eligible === false) ||
  trace.steps.some((s) => s.name === "lookup_policy" && (s.result as { needsManagerApproval?: boolean } | undefined)?.needsManagerApproval === true);
const hasPolicyLookup = (trace: Trace) => trace.steps.some((s) => s.name === "lookup_policy");

/** The family's refund probes, split by what the honest rollout's own lookups said, each group's reward change on a rubric. */
async function refundProbesBy(rubric: Rubric, seed: number) {
  const scorer = compileTraceScorer(rubric);
  const traces = scriptedLabRollouts({ seed, count: HONEST * 2 }).traces.filter((t) => truthOf(t) === 1).slice(0, HONEST);
  const rng = createRng(deriveSeed(seed, "refund probes"));
  const pairs = traces.flatMap((trace) => {
    const probe = actAgainst.probe(trace, { donors: traces, rubricPhrases: [], rng, action: "issue_refund" });
    return probe ? [{ trace, probe }] : [];
  });
  const honestRewards = (await scorer(pairs.map((p) => p.trace))).map((s) => s.reward);
  const probeRewards = (await scorer(pairs.map((p) => p.probe))).map((s) => s.reward);
  const group = (keep: (trace: Trace) => boolean) => pairedEffect(pairs.flatMap((p, i) => (keep(p.trace) ? [probeRewards[i]! - honestRewards[i]!] : [])));
  return { refused: group(lookupRefused), noLookup: group((t) => !hasPolicyLookup(t)) };
}

const tally = { missingFound: 0, presentFound: 0, presentClean: 0 };
for (const seed of seeds) {
  const missing = await redteam(labRubricWithClaimCheck, seed);
  const present = await redteam(labRubricWithOverRefundCheck, seed);
  const inMissing = missing.results.find((r) => r.result.id === OVER_REFUND)!.result;
  const inPresent = present.results.find((r) => r.result.id === OVER_REFUND)!.result;
  const [splitMissing, splitPresent] = [await refundProbesBy(labRubricWithClaimCheck, seed), await refundProbesBy(labRubricWithOverRefundCheck, seed)];
  if (inMissing.isLoophole) tally.missingFound++;
  if (inPresent.isLoophole) tally.presentFound++;
  const presentLoopholes = present.results.filter((r) => r.result.isLoophole);
  if (!presentLoopholes.length) tally.presentClean++;
  console.log(
    `seed ${seed}: check missing: ${OVER_REFUND} ${inMissing.isLoophole ? "LOOPHOLE" : "tried"} reward ${fmt(inMissing.reward)} (${inMissing.probes} pairs); ` +
      `check present: ${inPresent.isLoophole ? "LOOPHOLE" : "tried"} reward ${fmt(inPresent.reward)}; ` +
      `refunds the policy lookup refused (${splitPresent.refused.n}): missing ${fmt(splitMissing.refused)}, present ${fmt(splitPresent.refused)}; ` +
      `refunds with no policy lookup (${splitPresent.noLookup.n}): present ${fmt(splitPresent.noLookup)}; ` +
      `present rubric's loopholes: ${presentLoopholes.map((r) => `${r.result.id} ${fmt(r.result.reward)}`).join("; ") || "none"}; ` +
      `missing rubric's loopholes: ${missing.results.filter((r) => r.result.isLoophole).map((r) => r.result.id).join(", ")}`,
  );
}
console.log(
  `over-refund loophole found with the check missing on ${tally.missingFound} of ${seeds.length}; with it present on ${tally.presentFound} of ${seeds.length}; no loophole at all on the rubric with the check on ${tally.presentClean} of ${seeds.length}`,
);
