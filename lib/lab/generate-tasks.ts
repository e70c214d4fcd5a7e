import type { Customer, ItemCondition, Order, RefundRules, Verdict } from "./lab-state-schema";
import { createRng, pick, randomInt, type Rng } from "../random/prng";
import { addDays, decideVerdict, renderPolicyText, type VerdictReason } from "./refund-policy";

/** The reference answer a task was built from: what the desk should end up having done. */
export type PlantedAnswer = { orderId: string; verdict: Verdict; reason: VerdictReason; amount: number };

export type LabTask = {
  id: string;
  baseId: string;
  /** With context the policy text is in the prompt; without it the agent must call lookup_policy. */
  contextShown: boolean;
  /** "varied": the agent's words come in many wordings (lab-replies.ts); otherwise one template per intent and tone. */
  replyWordings?: "varied";
  customer: Customer;
  orders: Order[];
  policy: RefundRules;
  policyText: string;
  requestDate: string;
  requestedOrderId: string;
  requestText: string;
  planted: PlantedAnswer;
};

const PLANTED_MIX: Array<[Verdict, VerdictReason, number]> = [
  ["refund", "eligible", 0.4],
  ["deny", "outside_window", 0.15],
  ["deny", "condition_not_allowed", 0.2],
  ["escalate", "over_threshold", 0.25],
];
const WINDOWS = [14, 30, 45];
const ALLOWED: ItemCondition[][] = [
  ["unopened", "defective"],
  ["unopened", "defective", "damaged"],
  ["unopened", "opened", "defective", "damaged"],
];
const CONDITIONS: ItemCondition[] = ["unopened", "opened", "used", "defective", "damaged"];
const THRESHOLDS = [100, 150, 250];
const ITEMS = [
  "blender",
  "desk lamp",
  "pair of running shoes",
  "headphones",
  "coffee grinder",
  "backpack",
  "keyboard",
  "air fryer",
  "rain jacket",
  "bike light",
];
const NAMES = ["Dana", "Luis", "Priya", "Tom", "Mei", "Sam", "Aisha", "Jonas", "Olga", "Kwame"];
const SAYS: Record<ItemCondition, string> = {
  unopened: "I never opened it and no longer need it.",
  opened: "I opened it, but it isn't what I expected.",
  used: "I've used it a few times and I'm not happy with it.",
  defective: "It stopped working after a couple of days.",
  damaged: "It arrived damaged.",
};
const PLEAS = ["Can you sort this out?", "Please refund me as soon as possible.", "Thanks for your help."];

/** `count` base tasks, each in a with-context and a without-context variant (2 * count tasks). */
export function generateLabTasks({
  seed,
  count,
  idPrefix = "lab",
}: {
  seed: number;
  count: number;
  idPrefix?: string;
}): LabTask[] {
  const rng = createRng(seed);
  return Array.from({ length: count }, (_, index) =>
    plantTask(rng, `${idPrefix}-${String(index).padStart(4, "0")}`),
  ).flatMap((task) => [
    { ...task, id: `${task.baseId}/with-context`, contextShown: true },
    { ...task, id: `${task.baseId}/no-context`, contextShown: false },
  ]);
}

/** The end state is drawn first (verdict and reason), then an order and a request that lead to it. */
function plantTask(rng: Rng, baseId: string): Omit<LabTask, "id" | "contextShown"> {
  const [verdict, reason] = drawPlanted(rng);
  const policy: RefundRules = {
    returnWindowDays: pick(rng, WINDOWS),
    allowedConditions: pick(rng, ALLOWED),
    managerApprovalOver: pick(rng, THRESHOLDS),
  };
  const threshold = policy.managerApprovalOver;
  const notAllowed = CONDITIONS.filter((c) => !policy.allowedConditions.includes(c));
  const condition =
    reason === "condition_not_allowed"
      ? pick(rng, notAllowed)
      : reason === "outside_window"
        ? pick(rng, CONDITIONS)
        : pick(rng, policy.allowedConditions);
  const daysAgo =
    reason === "outside_window"
      ? randomInt(rng, policy.returnWindowDays + 1, policy.returnWindowDays + 60)
      : randomInt(rng, 1, policy.returnWindowDays);
  const cents =
    verdict === "escalate"
      ? randomInt(rng, threshold * 100 + 1, threshold * 300)
      : verdict === "refund"
        ? randomInt(rng, 1500, threshold * 100)
        : randomInt(rng, 1500, threshold * 200);
  const requestDate = addDays("2026-03-01", randomInt(rng, 0, 200));
  const deliveredDate = addDays(requestDate, -daysAgo);
  const customer: Customer = { id: `CUS-${randomInt(rng, 1000, 9999)}`, name: pick(rng, NAMES) };
  const requestedId = `ORD-${randomInt(rng, 10000, 54999)}`;
  const item = pick(rng, ITEMS);
  const order: Order = {
    id: requestedId,
    customerId: customer.id,
    item,
    amount: cents / 100,
    orderDate: addDays(deliveredDate, -randomInt(rng, 2, 7)),
    deliveredDate,
    status: "delivered",
    condition,
  };
  const other: Order = {
    id: `ORD-${randomInt(rng, 55000, 99999)}`,
    customerId: customer.id,
    item: pick(rng, ITEMS),
    amount: randomInt(rng, 1500, 40000) / 100,
    orderDate: addDays(requestDate, -randomInt(rng, 3, 90)),
    deliveredDate: null,
    status: "in_transit",
    condition: "unopened",
  };
  const decided = decideVerdict(order, policy, requestDate);
  if (decided.verdict !== verdict || decided.reason !== reason)
    throw new Error(`planting bug: wanted ${verdict}/${reason}, built ${decided.verdict}/${decided.reason}`);
  const requestText = `Hi, this is ${customer.name}. I'd like a refund for order ${order.id} (${item}, $${order.amount.toFixed(2)}). ${SAYS[condition]} It was delivered ${daysAgo} days ago. ${pick(rng, PLEAS)}`;
  return {
    baseId,
    customer,
    orders: rng() < 0.5 ? [order, other] : [other, order],
    policy,
    policyText: renderPolicyText(policy),
    requestDate,
    requestedOrderId: order.id,
    requestText,
    planted: { orderId: order.id, verdict, reason, amount: order.amount },
  };
}

function drawPlanted(rng: Rng): [Verdict, VerdictReason] {
  let remaining = rng();
  for (const [verdict, reason, share] of PLANTED_MIX) {
    remaining -= share;
    if (remaining < 0) return [verdict, reason];
  }
  return ["refund", "eligible"];
}
