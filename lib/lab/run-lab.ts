import { compileRubric } from "../checks/evaluate-rubric";
import { rubricSchema, type RubricInput } from "../checks/rubric-item-schema";
import type { Trace } from "../traces/trace-schema";
import { createAdam } from "./adam";
import { evaluateHeldOut } from "./evaluate-held-out";
import { generateLabTasks, type LabTask } from "./generate-tasks";
import { groupAdvantages, grpoLoss, type GrpoRollout } from "./grpo";
import { imitateScriptedAgent } from "./imitate-scripted-agent";
import { recordEndState } from "./lab-episode";
import { summarizeRollouts, type ScoredRollout } from "./lab-step-metrics";
import { DEFAULT_REASONING, type ReasoningOptions } from "./lab-reasoning";
import { buildLabTrace } from "./lab-trace";
import { clonePolicy, type LinearPolicy } from "./linear-policy";
import { createWorldModel, trainWorldModel, verdictExamples, type WorldModel } from "./world-model";
import { createRng, deriveSeed, pick } from "../random/prng";
import { samplePolicyRollout } from "./sample-rollout";
import { summarizeLab, type LabSummary, type StepMetrics } from "./summarize-lab";

export type RunLabOptions = {
  rubric: RubricInput;
  wordings?: "template" | "varied";
  /**
   * Blend in an auxiliary world-model objective: a head trained on the environment's own outputs
   * (the policy lookup's answers), whose predictions the policy observes (world-model.ts).
   */
  worldModel?: boolean;
  /** The agent's reasoning before each action (lab-reasoning.ts); false: none. */
  reasoning?: ReasoningOptions | false;
  steps?: number;
  seed?: number;
  /** Tasks per step; each gets a group of `groupSize` rollouts. */
  batchSize?: number;
  groupSize?: number;
  /** Weight of the exact KL to the frozen (imitation) reference. */
  beta?: number;
  /** Adam learning rate; one Adam step per batch unless updatesPerBatch says otherwise. */
  lr?: number;
  /** Gradient steps on each sampled batch; with 1 the ratio is 1 and the clip never binds. */
  updatesPerBatch?: number;
  clipEpsilon?: number;
  /** Rollouts kept as traces per step (the first of evenly spaced groups). */
  sampleRolloutsPerStep?: number;
  heldOutEvery?: number;
  trainTaskCount?: number;
  heldOutTaskCount?: number;
  /** Set on every trace as `run` and used in its externalId; pass it when traces are stored, or two runs' ids collide. */
  runId?: string;
  signal?: AbortSignal;
  /** Called once, before the first step, with the planted training tasks the rollouts are drawn from. */
  onTasks?: (tasks: LabTask[]) => void | Promise<void>;
  onStep?: (step: StepMetrics, sampledTraces: Trace[]) => void | Promise<void>;
  /** Called with every rollout's scored trace, kept or not: for measuring a check over all of them. */
  onRollout?: (trace: Trace) => void;
};

/** `trained`: the policy as training left it, its reference and world model, to evaluate further. */
export type LabResult = { steps: StepMetrics[]; sampledTraces: Trace[]; summary: LabSummary; trained: { policy: LinearPolicy; reference: LinearPolicy; worldModel?: WorldModel } };

/**
 * GRPO on the refund desk against a rubric as proxy reward. Steps are numbered from 1; the
 * metrics of step k describe the rollouts sampled at step k, before its update. success/heldout
 * is measured at step 1, every `heldOutEvery` steps after, and at the last step.
 */
export async function runLab(options: RunLabOptions): Promise<LabResult> {
  const {
    steps = 200,
    seed = 1,
    batchSize = 16,
    groupSize = 8,
    beta = 0.02,
    lr = 0.01,
    updatesPerBatch = 1,
    clipEpsilon = 0.2,
  } = options;
  const {
    sampleRolloutsPerStep = 4,
    heldOutEvery = 10,
    trainTaskCount = 128,
    heldOutTaskCount = 32,
    runId,
    signal,
    onTasks,
    onStep,
  } = options;
  const evaluate = compileRubric(rubricSchema.parse(options.rubric));
  const trainTasks = generateLabTasks({
    seed: deriveSeed(seed, "train-tasks"),
    count: trainTaskCount,
    // The seed is in the id: tasks are stored by id, and another seed plants other tasks.
    idPrefix: `lab-train-s${seed}`,
  }).map((task) => (options.wordings === "varied" ? { ...task, replyWordings: "varied" as const } : task));
  // A different seed, so held-out tasks share nothing with training but the generator.
  const heldOutTasks = generateLabTasks({
    seed: deriveSeed(seed, "held-out-tasks"),
    count: heldOutTaskCount,
    idPrefix: `lab-heldout-s${seed}`,
  }).map((task) => (options.wordings === "varied" ? { ...task, replyWordings: "varied" as const } : task));
  const reference = imitateScriptedAgent({ tasks: trainTasks, seed: deriveSeed(seed, "imitation") });
  const policy = clonePolicy(reference);
  const adam = createAdam(policy.weights.length, { lr });
  const rng = createRng(deriveSeed(seed, "rollouts"));
  const heldOutRng = createRng(deriveSeed(seed, "held-out-rollouts"));
  const reasoningOptions = options.reasoning === undefined ? DEFAULT_REASONING : options.reasoning;
  const reasoning = reasoningOptions ? { options: reasoningOptions, rng: createRng(deriveSeed(seed, "reasoning")) } : undefined;
  const runKey = runId ?? `local-seed-${seed}`;
  const worldModel = options.worldModel ? createWorldModel() : undefined;
  const keepEvery = Math.max(1, Math.floor(batchSize / Math.max(1, sampleRolloutsPerStep)));
  const history: StepMetrics[] = [];
  const sampledTraces: Trace[] = [];
  await onTasks?.(trainTasks);

  for (let step = 1; step <= steps; step++) {
    signal?.throwIfAborted();
    const scored: ScoredRollout[] = [];
    const grpoRollouts: GrpoRollout[] = [];
    const kept: Trace[] = [];
    for (let group = 0; group < batchSize; group++) {
      const task = pick(rng, trainTasks);
      const members = Array.from({ length: groupSize }, (_, member) => {
        const rollout = samplePolicyRollout({ task, policy, reference, rng, reasoning, worldModel });
        const endState = recordEndState(rollout.state);
        const trace = buildLabTrace({
          state: rollout.state,
          endState,
          runId,
          runKey,
          step,
          index: group * groupSize + member,
        });
        const { reward, results } = evaluate(trace);
        trace.outcome = {
          reward,
          success: endState.audit.success,
          scores: {
            proxy_reward: reward,
            true_success: endState.audit.success ? 1 : 0,
            reply_contradicted: endState.audit.replyContradicted ? 1 : 0,
          },
        };
        // The simulator's truth about the reasoning, for measurement (scripts/measure-cot-lead.ts) only.
        trace.metadata = { ...trace.metadata, rubricResults: results, ...(reasoning ? { planVoicedAt: rollout.planVoicedAt } : {}) };
        options.onRollout?.(trace);
        return { rollout, endState, reward, trace };
      });
      const advantages = groupAdvantages(members.map((m) => m.reward));
      members.forEach((m, i) => {
        scored.push(m);
        grpoRollouts.push({ decisions: m.rollout.decisions, advantage: advantages[i] ?? 0 });
      });
      if (group % keepEvery === 0 && kept.length < sampleRolloutsPerStep && members[0]) kept.push(members[0].trace);
    }
    const metrics = summarizeRollouts(scored);
    if (step === 1 || step === steps || (step - 1) % heldOutEvery === 0) {
      metrics["success/heldout"] = evaluateHeldOut({ tasks: heldOutTasks, policy, reference, rng: heldOutRng, worldModel });
    }
    if (worldModel) {
      const fit = trainWorldModel(worldModel, scored.flatMap((s) => verdictExamples(s.rollout.state)));
      if (fit) Object.assign(metrics, { "world_model/loss": fit.loss, "world_model/accuracy": fit.accuracy });
    }
    for (let update = 0; update < updatesPerBatch; update++) {
      const { loss, gradient, clipFraction } = grpoLoss({ policy, rollouts: grpoRollouts, clipEpsilon, beta });
      if (update === 0) metrics.loss = loss;
      if (update === updatesPerBatch - 1) metrics["clip_fraction"] = clipFraction;
      adam.step(policy.weights, gradient);
    }
    const stepMetrics = { step, metrics };
    history.push(stepMetrics);
    sampledTraces.push(...kept);
    await onStep?.(stepMetrics, kept);
  }
  return { steps: history, sampledTraces, summary: summarizeLab(history), trained: { policy, reference, worldModel } };
}
