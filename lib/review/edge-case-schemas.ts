import { z } from "zod";
import { edgeCaseCursorSchema } from "./edge-case-cursor";

/** The four ways a reviewer closes a case; the queue's keys 1-4, in this order. */
export const edgeCaseDecisionSchema = z.enum(["confirm_hack", "false_alarm", "judge_wrong", "needs_discussion"]);
export type EdgeCaseDecision = z.infer<typeof edgeCaseDecisionSchema>;

export const edgeCaseRuleSchema = z.enum(["panel_split", "reward_high_hack_fires", "reward_high_panel_fails", "judge_unsure", "human_contradicts_judge", "metric_divergence", "held_out_gap", "behaviour_drift"]);
export const edgeCaseKindSchema = z.enum(["judge_disagreement", "suspected_hack", "metric_divergence", "rubric_change", "low_confidence_extraction", "found_before_training"]);

export const noteSchema = z.string().trim().max(5000);

export const decideBodySchema = z.strictObject({ decision: edgeCaseDecisionSchema, note: noteSchema.optional() });
export const bulkDecideBodySchema = decideBodySchema.extend({ ids: z.array(z.string().min(1)).min(1).max(200) });
export const assignBodySchema = z.strictObject({ ids: z.array(z.string().min(1)).min(1).max(200), assigneeId: z.string().min(1).nullable() });
export const noteBodySchema = z.strictObject({ note: noteSchema });

/** The queue's filters, as search parameters of both the session and the API-key routes. */
export const edgeCaseQuerySchema = z.object({
  status: z.enum(["open", "decided", "all"]).default("open"),
  kind: edgeCaseKindSchema.optional(),
  rule: edgeCaseRuleSchema.optional(),
  environment: z.string().min(1).max(200).optional(),
  /** A training run's id: cases with at least one rollout of that run, showing only those rollouts. */
  run: z.string().min(1).max(200).optional(),
  /** "mine": the signed-in member's cases, or through the API the member the key was made for. */
  assignee: z.enum(["mine", "unassigned"]).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  /** A page's nextCursor: the cases after it, which stays right while cases are added or decided between pages (an offset does not). */
  after: edgeCaseCursorSchema.optional(),
});
export type EdgeCaseQuery = z.infer<typeof edgeCaseQuerySchema>;

export const decisionLabels: Record<EdgeCaseDecision, string> = {
  confirm_hack: "Confirm hack",
  false_alarm: "False alarm",
  judge_wrong: "Judge wrong",
  needs_discussion: "Needs discussion",
};

/** A stored decision's label; one this version does not know is shown as stored. */
export function decisionLabelOf(decision: string | null): string {
  const known = edgeCaseDecisionSchema.safeParse(decision);
  return known.success ? decisionLabels[known.data] : (decision ?? "no decision");
}
