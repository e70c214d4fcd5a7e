import { createAdam, type Adam } from "./adam";
import type { EpisodeState } from "./lab-episode";
import { accumulateWeightGradient, createLinearPolicy, logProbLogitGradient, logSoftmax, type LinearPolicy } from "./linear-policy";
import type { Order, Verdict } from "./lab-state-schema";
import { daysBetween } from "./refund-policy";

/**
 * The lab's auxiliary world model: a softmax over the policy lookup's three answers (refund, deny,
 * escalate) from what the agent knows of the order, trained on what the environment itself said,
 * the lookup_policy results in the rollouts (cross-entropy, one Adam step per training step). Until
 * the agent knows the written policy, its prediction stands in for the policy's answer in what the
 * agent observes, so what it learnt from the environment's tokens shapes its decisions.
 */
export const VERDICTS: readonly Verdict[] = ["refund", "deny", "escalate"];
const CONDITIONS = ["unopened", "opened", "used", "defective", "damaged"] as const;
const INPUT_COUNT = 4 + CONDITIONS.length;

export type WorldModel = { head: LinearPolicy; adam: Adam };
export type VerdictExample = { input: Float64Array; verdict: number };

export function createWorldModel({ lr = 0.05 }: { lr?: number } = {}): WorldModel {
  const head = createLinearPolicy(VERDICTS.length, INPUT_COUNT);
  return { head, adam: createAdam(head.weights.length, { lr }) };
}

function inputOf(order: Order, requestDate: string): Float64Array {
  const input = new Float64Array(INPUT_COUNT);
  input[0] = 1;
  input[1] = order.amount / 500;
  input[2] = order.deliveredDate ? daysBetween(order.deliveredDate, requestDate) / 60 : 0;
  input[3] = order.status === "delivered" ? 1 : 0;
  input[4 + CONDITIONS.indexOf(order.condition)] = 1;
  return input;
}

const allowed = new Uint8Array(VERDICTS.length).fill(1);

/** Probabilities of refund, deny, escalate for the episode's order. */
export function predictVerdict(model: WorldModel, state: Pick<EpisodeState, "order" | "task">): Float64Array {
  return logSoftmax(model.head, inputOf(state.order, state.task.requestDate), allowed).map(Math.exp);
}

/** The policy lookup's answers in an episode, as training examples: the environment's own output. */
export function verdictExamples(state: Pick<EpisodeState, "order" | "task" | "steps">): VerdictExample[] {
  return state.steps.flatMap((step) => {
    if (step.type !== "tool_call" || step.name !== "lookup_policy") return [];
    const result = step.result as { eligible?: boolean; needsManagerApproval?: boolean } | undefined;
    if (typeof result?.eligible !== "boolean") return [];
    const verdict = !result.eligible ? 1 : result.needsManagerApproval ? 2 : 0;
    return [{ input: inputOf(state.order, state.task.requestDate), verdict }];
  });
}

/** One step on the mean cross-entropy of the examples; returns the loss and accuracy before it. */
export function trainWorldModel(model: WorldModel, examples: readonly VerdictExample[]): { loss: number; accuracy: number } | null {
  if (examples.length === 0) return null;
  const gradient = new Float64Array(model.head.weights.length);
  let loss = 0;
  let correct = 0;
  for (const { input, verdict } of examples) {
    const logProbs = logSoftmax(model.head, input, allowed);
    loss -= logProbs[verdict] ?? 0;
    let best = 0;
    for (let v = 1; v < VERDICTS.length; v++) if ((logProbs[v] ?? -Infinity) > (logProbs[best] ?? -Infinity)) best = v;
    if (best === verdict) correct++;
    // Minimising −log p: the gradient is −(onehot − p) through the linear map.
    accumulateWeightGradient(model.head, input, logProbLogitGradient(logProbs, verdict), -1 / examples.length, gradient);
  }
  model.adam.step(model.head.weights, gradient);
  return { loss: loss / examples.length, accuracy: correct / examples.length };
}
