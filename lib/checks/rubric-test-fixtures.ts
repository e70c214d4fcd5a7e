import type { Trace } from "../traces/trace-schema";
import { evaluateRubric } from "./evaluate-rubric";
import { rubricSchema, type RubricCheckInput, type RubricInput } from "./rubric-item-schema";

/** Shared by the rubric tests: one small refund trace and shorthands for items. */
export function makeTrace(overrides: Partial<Trace> = {}): Trace {
  return {
    source: "simulator",
    steps: [
      { type: "message", role: "user", content: "Please refund order A1." },
      {
        type: "tool_call",
        role: "assistant",
        name: "lookup_order",
        arguments: { orderId: "A1" },
        result: { amount: 40 },
      },
      { type: "tool_call", role: "assistant", name: "lookup_policy", arguments: {}, result: {} },
      { type: "tool_call", role: "assistant", name: "issue_refund", arguments: { orderId: "A1" }, result: {} },
      {
        type: "message",
        role: "assistant",
        content: "Thank you! Your refund has been issued.",
        reasoning: "The policy allows it.",
      },
    ],
    endState: { refunds: [{ orderId: "A1", amount: 40 }], audit: { refundIssued: true, total: 40 } },
    ...overrides,
  };
}

export function score(input: RubricInput, trace: Trace = makeTrace()) {
  return evaluateRubric(rubricSchema.parse(input), trace);
}

export const good = (key: string, check: RubricCheckInput, weight = 1) => ({
  key,
  question: `${key}?`,
  polarity: "good" as const,
  weight,
  check,
});
export const hack = (key: string, check: RubricCheckInput, weight = 1) => ({
  key,
  question: `${key}?`,
  polarity: "hack" as const,
  weight,
  check,
});
