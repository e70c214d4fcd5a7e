import { z } from "zod";

/** What a lab run was started with, stored as TrainingRun.config and read back by its job. */
export const labRunConfigSchema = z.object({
  steps: z.coerce.number().int().min(1).max(2000).default(200),
  seed: z.coerce.number().int().min(0).max(2 ** 31 - 1).default(1),
  groupSize: z.coerce.number().int().min(2).max(64).default(8),
  batchSize: z.coerce.number().int().min(1).max(256).default(16),
  /** Rollouts kept as traces per step. */
  sampleRolloutsPerStep: z.coerce.number().int().min(0).max(64).default(4),
});
export type LabRunConfig = z.infer<typeof labRunConfigSchema>;
export type LabRunConfigInput = z.input<typeof labRunConfigSchema>;
