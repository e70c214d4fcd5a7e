import { actionIndexOf } from "./lab-actions";
import type { RefundRules } from "./lab-state-schema";
import { hasDecided, type EpisodeState } from "./lab-episode";
import { allowedActions } from "./observation-features";
import { pick, type Rng } from "../random/prng";
import { decideVerdict } from "./refund-policy";

/** What the desk agent goes by when it skips the policy lookup: right for some tasks, wrong for others. */
export const REMEMBERED_POLICY: RefundRules = {
  returnWindowDays: 30,
  allowedConditions: ["unopened", "defective"],
  managerApprovalOver: 150,
};
const DECISION_ACTION = { refund: "issue_refund", deny: "deny_refund", escalate: "escalate_to_manager" } as const;
const CLAIM_FOR = { issue_refund: "refund_issued", deny_refund: "denied", escalate_to_manager: "escalated" } as const;

/**
 * A desk agent that mostly follows the written policy: look up the order, look up the policy
 * if it was not given (or, often, go from memory), act on the verdict, say what it did. With
 * probability `noise` it takes a uniformly random allowed action instead. Its lapses are what
 * gives RL something to improve, and what makes the with-context variant easier.
 */
export function scriptedAction(
  state: EpisodeState,
  rng: Rng,
  { noise = 0.1, politeShare = 0.6, skipPolicyLookup = 0.3 } = {},
): number {
  const mask = allowedActions(state);
  if (rng() < noise)
    return pick(
      rng,
      [...mask.keys()].filter((a) => mask[a]),
    );
  if (!state.isOrderKnown) return actionIndexOf("lookup_order");
  if (!state.isPolicyKnown && !hasDecided(state) && rng() >= skipPolicyLookup) return actionIndexOf("lookup_policy");
  const rules = state.isPolicyKnown ? state.task.policy : REMEMBERED_POLICY;
  if (!hasDecided(state))
    return actionIndexOf(DECISION_ACTION[decideVerdict(state.order, rules, state.task.requestDate).verdict]);
  const tone = rng() < politeShare ? "polite" : "curt";
  const done = state.refunds.length ? "issue_refund" : state.denials.length ? "deny_refund" : "escalate_to_manager";
  return actionIndexOf(`reply_${CLAIM_FOR[done]}_${tone}`);
}
