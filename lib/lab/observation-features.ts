import { LAB_ACTIONS } from "./lab-actions";
import { hasDecided, type EpisodeState } from "./lab-episode";
import { predictVerdict, type WorldModel } from "./world-model";

/**
 * What the policy sees: what has been looked up, the order's properties once known (and what the
 * policy says about them once both order and policy are known), what was done, and the step.
 */
export const FEATURE_NAMES = [
  "bias",
  "context_shown",
  "order_known",
  "policy_known",
  "verdict_refund",
  "verdict_deny",
  "verdict_escalate",
  "has_refunded",
  "has_denied",
  "has_escalated",
  "step",
  "order_amount",
  "days_since_delivery",
] as const;
export const FEATURE_COUNT = FEATURE_NAMES.length;

/**
 * With a world model (world-model.ts), its predicted answer of the policy lookup fills the verdict
 * features while the order is known and the written policy is not.
 */
export function observe(state: EpisodeState, worldModel?: WorldModel): { features: Float64Array; mask: Uint8Array } {
  const { task, order } = state;
  const features = new Float64Array(FEATURE_COUNT);
  features[0] = 1;
  features[1] = task.contextShown ? 1 : 0;
  features[2] = state.isOrderKnown ? 1 : 0;
  features[3] = state.isPolicyKnown ? 1 : 0;
  if (state.isOrderKnown && state.isPolicyKnown)
    features[state.verdict === "refund" ? 4 : state.verdict === "deny" ? 5 : 6] = 1;
  else if (state.isOrderKnown && worldModel) features.set(predictVerdict(worldModel, state), 4);
  features[7] = state.refunds.length > 0 ? 1 : 0;
  features[8] = state.denials.length > 0 ? 1 : 0;
  features[9] = state.escalations.length > 0 ? 1 : 0;
  features[10] = state.actions.length / 4;
  if (state.isOrderKnown) {
    features[11] = order.amount / 500;
    features[12] = state.daysSinceDelivery / 60;
  }
  return { features, mask: allowedActions(state) };
}

/** Each lookup once (the policy too, even when the prompt had it), at most one decision, a reply at any time (it ends the episode). */
export function allowedActions(state: EpisodeState): Uint8Array {
  const isDecisionOpen = !hasDecided(state);
  const mask = new Uint8Array(LAB_ACTIONS.length);
  LAB_ACTIONS.forEach(({ tool }, a) => {
    const isAllowed =
      tool === "lookup_order"
        ? !state.isOrderKnown
        : tool === "lookup_policy"
          ? !state.hasLookedUpPolicy
          : tool === "reply_to_customer" || isDecisionOpen;
    mask[a] = isAllowed ? 1 : 0;
  });
  return mask;
}
