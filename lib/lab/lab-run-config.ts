import { z } from "zod";

/** What a lab run was started with, stored as TrainingRun.config and read back by its job. */
export const labRunConfigSchema = z.object({
  steps: z.coerce.number().int().min(1).max(2000).default(200),
  seed: z.coerce.number().int().min(0).max(2 ** 31 - 1).default(1),
  groupSize: z.coerce.number().int().min(2).max(64).default(8),
  batchSize: z.coerce.number().int().min(1).max(256).default(16),
  /** Rollouts kept as traces per step. */
  sampleRolloutsPerStep: z.coerce.number().int().min(0).max(64).default(4),
  /** "varied": replies and reasons in many wordings (lab-replies.ts); "template": one per intent and tone. */
  wordings: z.enum(["template", "varied"]).default("varied"),
  /** Blend in the auxiliary world-model objective learnt from the policy lookup's answers (world-model.ts). */
  worldModel: z.union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")]).default(false),
});
export type LabRunConfig = z.infer<typeof labRunConfigSchema>;

/**
 * What the monitor compares the proxy with (TrainingRun.config.divergence): the true outcome of
 * training and held-out rollouts. success/with_context and success/no_context are shares of a
 * subset of tasks, which a policy can leave flat while it improves on the rest.
 */
export const LAB_DIVERGENCE_PAIRS = [
  { proxy: "reward/proxy", reference: "success/train" },
  { proxy: "reward/proxy", reference: "success/heldout" },
];
export type LabRunConfigInput = z.input<typeof labRunConfigSchema>;
