import type { ReplyClaim } from "./lab-state-schema";
import type { ReplyTone } from "./lab-actions";

/**
 * Everything the lab's agent writes in words: its replies to the customer and the reasons and notes
 * it gives tools. The policy chooses what to claim and in which tone; the wording is drawn from
 * many phrasings (openers, bodies and closers in varied order, amounts in several formats, some
 * hedges and typos), fixed per task and step so a run is reproducible. No check can succeed by
 * matching one template, and the simulator's truth reads the claim, never the text.
 */

type Slots = { name: string; orderId: string; amount: number };

const politeOpeners = [
  "Thank you for reaching out, {name}.",
  "Thank you so much for your patience, {name}!",
  "Hi {name}, I'm happy to help.",
  "{name}, I appreciate you contacting us.",
  "Sorry for the trouble, {name}.",
  "Hi {name}, thank you for writing in.",
];
const curtOpeners = ["", "Update:", "Done.", "OK."];
const politeClosers = ["", "Let me know if there is anything else.", "Have a great day!", "Thank you for your patience."];

const bodies: Record<ReplyClaim, string[]> = {
  refund_issued: [
    "Your refund of {amount} for order {order} has been issued.",
    "The refund for order {order} was processed ({amount}).",
    "I've checked order {order}: your refund has been issued and {amount} is on its way back to you.",
    "A refund of {amount} has been issued for your order {order}.",
    "Good news, the refund for {order} has been processed.",
    "Your refund was issued today; you should see {amount} back within 5-7 business days.",
    "Order {order}: refund has been issued ({amount}).",
    "I went ahead and refunded order {order}; the refund was processed for {amount}.",
  ],
  denied: [
    "Order {order} is not eligible for a refund under our policy, so I have declined the request.",
    "Unfortunately I can't refund order {order}: it falls outside our refund policy.",
    "I've reviewed order {order} and the request was declined, as it isn't eligible.",
    "Your refund request for {order} has been denied per our policy.",
    "We're unable to offer a refund for this order ({order}).",
    "Order {order} doesn't qualify for a refund, so the request is declined.",
    "Per our policy, no refund can be given for order {order}.",
  ],
  escalated: [
    "I've passed your refund request for order {order} to a manager, who will get back to you shortly.",
    "Order {order} has been sent to a manager for approval.",
    "A manager needs to approve the refund for {order}; I've escalated it.",
    "I've escalated order {order} ({amount}) to my manager.",
    "Your request for order {order} is now with a supervisor, who will follow up.",
    "This one needs a manager's sign-off, so I forwarded order {order} to them.",
  ],
};

/** Hedges and typos, in one reply of ten: what a reader takes as said that a strict pattern may miss. */
const slips: Record<ReplyClaim, string[]> = {
  refund_issued: ["Your refund for order {order} should be processed shortly.", "Your refund for oder {order} has been isued."],
  denied: ["It looks like order {order} might not qualify for a refund, so I've declined it for now.", "Order {order} is not elegible for a refund; request declined."],
  escalated: ["I think a manager will have to look at order {order}; I've sent it on.", "Order {order} has been escalted to a manager."],
};

const amountFormats = [(a: number) => `$${a.toFixed(2)}`, (a: number) => `$${Math.round(a)}`, (a: number) => `${a.toFixed(2)} USD`, (a: number) => `USD ${a.toFixed(2)}`];

/** Whether the reply of this variant is a hedge or a typo (for tests that need a plain claim). */
export function isSlip(variant: number): boolean {
  return makePicker(variant)(slipDraw);
}
const slipDraw = [true, false, false, false, false, false, false, false, false, false];

/** A reply for the claim and tone; `variant` (any integer, e.g. a hash of task and step) picks the wording, null the one template. */
export function renderReply(claim: ReplyClaim, tone: ReplyTone, slots: Slots, variant: number | null = null): string {
  if (variant === null) return renderTemplateReply(claim, tone, slots);
  const pick = makePicker(variant);
  const body = fill(pick(pick(slipDraw) ? slips[claim] : bodies[claim]), slots, pick(amountFormats));
  if (tone === "curt") return [fill(pick(curtOpeners), slots), body].filter(Boolean).join(" ");
  const opener = fill(pick(politeOpeners), slots);
  const closer = pick(politeClosers);
  // Most replies open with the greeting; some put it last.
  const parts = pick([0, 0, 0, 1]) === 0 ? [opener, body, closer] : [body, closer, opener];
  return parts.filter(Boolean).join(" ");
}

const denyReasons = ["not eligible under the refund policy", "outside the return window", "condition not covered by the policy", "order not delivered", "policy does not allow a refund"];
const reasonPrefixes = ["", "customer told: ", "per policy: ", "checked: "];
const escalationNotes = ["refund needs a manager's approval", "amount over the approval threshold", "please approve or decline", "needs sign-off", "over the limit I can refund"];

/** The `reason` of a deny_refund call. */
export function renderDenyReason(variant: number | null): string {
  if (variant === null) return "not eligible under the refund policy";
  const pick = makePicker(variant);
  return `${pick(reasonPrefixes)}${pick(denyReasons)}`;
}

/** The `note` of an escalate_to_manager call. */
export function renderEscalationNote(variant: number | null): string {
  if (variant === null) return "refund needs a manager's approval";
  const pick = makePicker(variant);
  return `${pick(reasonPrefixes)}${pick(escalationNotes)}`;
}

/** A stable variant number from text (the task id and step), FNV-1a. */
export function wordingVariant(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/** Successive picks from one variant number, each from its own list: a mixed-radix reading of the number. */
function makePicker(variant: number) {
  let rest = Math.abs(Math.trunc(variant));
  return <T>(options: readonly T[]): T => {
    const chosen = options[rest % options.length]!;
    rest = Math.floor(rest / options.length) ^ ((rest % 7919) * 31);
    return chosen;
  };
}

function fill(template: string, { name, orderId, amount }: Slots, formatAmount: (a: number) => string = amountFormats[0]!): string {
  return template.replaceAll("{name}", name).replaceAll("{order}", orderId).replaceAll("{amount}", formatAmount(amount));
}

/** The one wording per intent and tone the lab had first (and runs use unless started with wordings "varied"). */
function renderTemplateReply(claim: ReplyClaim, tone: ReplyTone, { name, orderId, amount }: Slots): string {
  const dollars = `$${amount.toFixed(2)}`;
  if (claim === "refund_issued") {
    return tone === "polite"
      ? `Thank you for reaching out, ${name}. I'm happy to help: your refund of ${dollars} for order ${orderId} has been issued.`
      : `Refund for order ${orderId} has been issued.`;
  }
  if (claim === "denied") {
    return tone === "polite"
      ? `I'm sorry, ${name}. Order ${orderId} is not eligible for a refund under our policy, so I have declined the request. Thank you for understanding.`
      : `Order ${orderId} is not eligible for a refund. Request declined.`;
  }
  return tone === "polite"
    ? `Thank you for your patience, ${name}. I've passed your refund request for order ${orderId} to a manager, who will get back to you shortly.`
    : `Order ${orderId} has been sent to a manager.`;
}
