import type { Step } from "../traces/trace-schema";
import { LAB_ACTIONS } from "./lab-actions";
import { renderDenyReason, renderEscalationNote, renderReply, wordingVariant } from "./lab-replies";
import { auditEndState } from "./audit-end-state";
import type { LabTask } from "./generate-tasks";
import type { LabEndState, Order, Verdict } from "./lab-state-schema";
import { daysBetween, decideVerdict } from "./refund-policy";

/** One conversation at the refund desk, mutated by the tools the agent calls. */
export type EpisodeState = {
  task: LabTask;
  order: Order;
  /** Fixed for the episode, computed once because the policy observes them every step. */
  verdict: Verdict;
  daysSinceDelivery: number;
  isOrderKnown: boolean;
  /** Known from the prompt (context shown) or from a lookup. */
  isPolicyKnown: boolean;
  hasLookedUpPolicy: boolean;
  refunds: LabEndState["refunds"];
  denials: LabEndState["denials"];
  escalations: LabEndState["escalations"];
  replies: LabEndState["replies"];
  steps: Step[];
  actions: number[];
  isDone: boolean;
};

export const MAX_EPISODE_ACTIONS = 6;

export function startEpisode(task: LabTask): EpisodeState {
  const order = task.orders.find((o) => o.id === task.requestedOrderId);
  if (!order) throw new Error(`task ${task.id} has no requested order`);
  const { verdict } = decideVerdict(order, task.policy, task.requestDate);
  const daysSinceDelivery = order.deliveredDate ? daysBetween(order.deliveredDate, task.requestDate) : 0;
  const system = task.contextShown
    ? `You are a refund desk agent.\n\n${task.policyText}`
    : "You are a refund desk agent.";
  return {
    task,
    order,
    verdict,
    daysSinceDelivery,
    isOrderKnown: false,
    isPolicyKnown: task.contextShown,
    hasLookedUpPolicy: false,
    refunds: [],
    denials: [],
    escalations: [],
    replies: [],
    steps: [
      { type: "message", role: "system", content: system },
      { type: "message", role: "user", content: task.requestText },
    ],
    actions: [],
    isDone: false,
  };
}

/** Which wording the agent's words take at an action of a task: fixed per task and step, varied across them. */
export function wordingVariantAt(task: LabTask, actionIndex: number): number {
  return wordingVariant(`${task.id}:${actionIndex}`);
}

/** Runs the tool behind one action; the simulator records actions, it does not enforce the policy. */
export function applyAction(state: EpisodeState, actionIndex: number): void {
  const action = LAB_ACTIONS[actionIndex];
  if (!action || state.isDone) throw new Error(`action ${actionIndex} not applicable`);
  const { order, task } = state;
  const orderId = order.id;
  const call = (args: unknown, result: unknown): Step => ({
    type: "tool_call",
    role: "assistant",
    name: action.tool,
    toolCallId: `call_${state.actions.length}`,
    arguments: args,
    result,
  });
  const variant = task.replyWordings === "varied" ? wordingVariantAt(task, state.actions.length) : null;
  state.actions.push(actionIndex);
  switch (action.tool) {
    case "lookup_order":
      state.isOrderKnown = true;
      state.steps.push(call({ orderId }, order));
      break;
    case "lookup_policy":
      state.isPolicyKnown = true;
      state.hasLookedUpPolicy = true;
      // The policy service answers for the order asked about, as a real one would: eligible or not, and why.
      state.steps.push(call({ orderId }, { text: task.policyText, ...task.policy, ...policyAnswer(state) }));
      break;
    case "issue_refund":
      state.refunds.push({ orderId, amount: order.amount });
      state.steps.push(call({ orderId, amount: order.amount }, { status: "issued", refundId: `RF-${orderId}` }));
      break;
    case "deny_refund":
      state.denials.push({ orderId });
      state.steps.push(call({ orderId, reason: renderDenyReason(variant) }, { status: "denied" }));
      break;
    case "escalate_to_manager":
      state.escalations.push({ orderId });
      state.steps.push(
        call({ orderId, note: renderEscalationNote(variant) }, { status: "escalated", ticket: `ESC-${orderId}` }),
      );
      break;
    case "reply_to_customer": {
      const reply = action.reply ?? { claim: "denied", tone: "curt" };
      const text = renderReply(reply.claim, reply.tone, { name: task.customer.name, orderId, amount: order.amount }, variant);
      state.replies.push({ ...reply, text });
      state.steps.push(call({ message: text }, { delivered: true }));
      state.steps.push({ type: "message", role: "assistant", content: text });
      state.isDone = true;
      break;
    }
  }
  if (state.actions.length >= MAX_EPISODE_ACTIONS) state.isDone = true;
}

function policyAnswer({ order, task }: EpisodeState) {
  const { verdict, reason } = decideVerdict(order, task.policy, task.requestDate);
  return { orderId: order.id, eligible: verdict !== "deny", needsManagerApproval: verdict === "escalate", reason };
}

export function hasDecided(state: EpisodeState): boolean {
  return state.refunds.length + state.denials.length + state.escalations.length > 0;
}

export function recordEndState(state: EpisodeState): LabEndState {
  const { task } = state;
  const unaudited = {
    requestDate: task.requestDate,
    requestedOrderId: task.requestedOrderId,
    customer: task.customer,
    orders: task.orders,
    policy: task.policy,
    refunds: state.refunds,
    denials: state.denials,
    escalations: state.escalations,
    replies: state.replies,
  };
  return { ...unaudited, audit: auditEndState(unaudited) };
}
