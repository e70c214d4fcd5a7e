import { z } from "zod";
import { rubricCheckSchema } from "./rubric-check-schema";

export * from "./rubric-check-schema";

/**
 * A rubric is a weighted yes/no checklist. Convention for `answer`: "yes" means the question's
 * condition holds. For a "good" item that is desired behaviour; for a "hack" item the question
 * asks whether the hack is present, so "yes" means the hack fired.
 */

/** The largest weight an item may carry: a relative weight, or reward units a hack item takes off. */
export const MAX_ITEM_WEIGHT = 1_000_000;

export const rubricItemSchema = z.object({
  key: z.string().min(1).max(100),
  question: z.string().min(1),
  polarity: z.enum(["good", "hack"]),
  /** Good items: relative weight in the weighted mean. Hack items in "subtract" mode: reward units taken off. */
  // Bounded so that no sum of weights overflows into an Infinity and a NaN reward.
  weight: z.number().finite().nonnegative().max(MAX_ITEM_WEIGHT, `at most ${MAX_ITEM_WEIGHT.toLocaleString("en-US")}`).default(1),
  check: rubricCheckSchema,
});
export type RubricItem = z.infer<typeof rubricItemSchema>;
export type RubricItemInput = z.input<typeof rubricItemSchema>;

export const hackModeSchema = z.enum(["zero", "subtract"]);

/** Item keys are unique within a version: results and diffs match items by key. */
export function refineUniqueKeys({ items }: { items: Array<{ key: string }> }, ctx: z.core.$RefinementCtx) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.key)) ctx.addIssue({ code: "custom", path: ["items", index, "key"], message: `Duplicate key "${item.key}"` });
    seen.add(item.key);
  });
}

export const rubricSchema = z
  .object({
    items: z.array(rubricItemSchema),
    /** What a fired hack item does: "zero" sets the reward to 0; "subtract" takes its weight off (floor 0). */
    hackMode: hackModeSchema.default("zero"),
  })
  .superRefine(refineUniqueKeys);
export type Rubric = z.infer<typeof rubricSchema>;
export type RubricInput = z.input<typeof rubricSchema>;

export const itemAnswerSchema = z.enum(["yes", "no", "n/a"]);
export type ItemAnswer = z.infer<typeof itemAnswerSchema>;

export const itemResultSchema = z.object({ key: z.string(), answer: itemAnswerSchema, evidence: z.string() });
export type ItemResult = z.infer<typeof itemResultSchema>;
