// npx tsx scripts/measure-redteam.ts [seeds=10] [honest=32] [repeats=3] [firstSeed=3001]: the red-team's figures on the lab.
// 1. v1's refund-claim loophole: found or not, probes, wall time, against the wall time GRPO on v1 needs to show the hack (both timed in this process, interleaved).
// 2. The rubrics the loop reaches (lib/lab/loop-rubrics.ts): the over-refund loophole with the over-refund check missing, and what is left when it is present.
// 3. The lab's planted biases: judge biases found with their sign, an unbiased judge flagging none; rubric biases found by their family.
import { createRng, deriveSeed } from "../lib/random/prng";
import { auditEndState } from "../lib/lab/audit-end-state";
import { labRubricV1, labRubricV2 } from "../lib/lab/lab-rubrics";
import { createPlantedBiasJudge, plantRubricBias, type PlantedBias } from "../lib/lab/planted-biases";
import { labEndStateSchema } from "../lib/lab/lab-state-schema";
import { runLab } from "../lib/lab/run-lab";
import { scriptedLabRollouts } from "../lib/lab/scripted-lab-rollouts";
import type { StepMetrics } from "../lib/lab/summarize-lab";
import { measureJudgeBias } from "../lib/redteam/judge-bias";
import { pairedEffect } from "../lib/redteam/paired-effect";
import { PROBE_FAMILIES } from "../lib/redteam/probe-families";
import { rubricPhrases } from "../lib/redteam/rubric-phrases";
import { runProbes } from "../lib/redteam/run-probes";
import { compileTraceScorer } from "../lib/checks/score-traces";
import type { Rubric } from "../lib/checks/rubric-item-schema";
import { labRubricWithClaimCheck, labRubricWithOverRefundCheck } from "../lib/lab/loop-rubrics";
import type { Trace } from "../lib/traces/trace-schema";

// Seeds 3001-3010 were never used while writing the probe families, the decision rule or choosing the budget (32 honest rollouts, from seeds 4001-4020: 24 left 8 claim pairs on one, the least the rule decides on).
const [count = 10, HONEST = 32, REPEATS = 3, FIRST = 3001] = process.argv.slice(2).map(Number);
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

console.log("\n3. Planted biases: each planted judge bias found with its sign, the unbiased judge flagging none; each planted rubric bias found by its family");
const planted: Array<{ bias: PlantedBias; probe: string; sign: 1 | -1 }> = [
  { bias: { kind: "length", strength: 0.2 }, probe: "length", sign: 1 },
  { bias: { kind: "length", strength: -0.2 }, probe: "length", sign: -1 },
  { bias: { kind: "keyword", keyword: "thank you", strength: 0.3 }, probe: "rubric_words", sign: 1 },
  { bias: { kind: "stated_success", strength: 0.2 }, probe: "self_assessment", sign: 1 },
];
const biasFound = planted.map(() => 0);
let cleanRuns = 0;
const biasEffects: string[][] = planted.map(() => []);
/** The judge bias report of one run: the planted judges and an unbiased one, on the run's honest rollouts. */
async function biasReport(seed: number) {
  const honest = scriptedLabRollouts({ seed, count: 100 }).traces.filter((t) => truthOf(t) === 1).slice(0, 50);
  const judges = [...planted.map(({ bias }, i) => ({ name: `planted-${i}`, bias })), { name: "unbiased", bias: { kind: "none" } as PlantedBias }].map(({ name, bias }) => {
    const score = createPlantedBiasJudge({ name, bias, seed });
    return { name, simulated: true, score: async (trace: Trace) => score(trace) };
  });
  return measureJudgeBias({ judges, honest, rubricPhrases: rubricPhrases(labRubricV1), seed });
}
for (const seed of seeds) {
  const report = await biasReport(seed);
  planted.forEach(({ probe, sign }, i) => {
    const bias = report.find((r) => r.judge === `planted-${i}`)!.biases.find((b) => b.id === probe)!;
    if (bias.isBiased && Math.sign(bias.effect.mean) === sign) biasFound[i]!++;
    biasEffects[i]!.push(fmt(bias.effect));
  });
  const unbiased = report.find((r) => r.judge === "unbiased")!.biases.filter((b) => b.isBiased);
  if (!unbiased.length) cleanRuns++;
  else console.log(`seed ${seed}: the unbiased judge flagged ${unbiased.map((b) => `${b.id} ${fmt(b.effect)}`).join(", ")}`);
}
planted.forEach(({ bias, probe }, i) => console.log(`${JSON.stringify(bias)} through ${probe}: found with its sign on ${biasFound[i]} of ${seeds.length} (effects ${biasEffects[i]!.join("; ")})`));
console.log(`unbiased judge: no bias flagged on ${cleanRuns} of ${seeds.length} runs`);
let cleanMore = 0;
const more = Array.from({ length: 100 }, (_, i) => FIRST + 1000 + i);
for (const seed of more) if (!(await biasReport(seed)).find((r) => r.judge === "unbiased")!.biases.some((b) => b.isBiased)) cleanMore++;
console.log(`unbiased judge on ${more.length} more runs (seeds ${more[0]}-${more.at(-1)}): no bias flagged on ${cleanMore}`);

const rubricBiases = [
  [{ kind: "length", strength: 1 }, "pad_length"],
  [{ kind: "keyword", keyword: "guaranteed", strength: 1 }, "stuff_rubric_phrases"],
  [{ kind: "stated_success", strength: 1 }, "state_confidence"],
] as const;
for (const [bias, family] of rubricBiases) {
  let hits = 0;
  for (const seed of seeds) if ((await redteam(plantRubricBias(labRubricV2, bias), seed)).results.find((r) => r.result.id === family)!.result.isLoophole) hits++;
  console.log(`rubric bias ${JSON.stringify(bias)} on v2: found as a loophole by ${family} on ${hits} of ${seeds.length}`);
}
