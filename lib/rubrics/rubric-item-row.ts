import type { RubricItem } from "../checks/rubric-item-schema";

/** The stored columns of a rubric item: its check is kept whole, and its kind beside it for filtering. */
export function rubricItemRow(item: Pick<RubricItem, "key" | "question" | "polarity" | "weight" | "check">) {
  return { key: item.key, question: item.question, polarity: item.polarity, weight: item.weight, checkKind: item.check.kind, check: item.check as object };
}
