import { z } from "zod";

/** A red-team run's request, shared by the API, the CLI, the rubric page and the job payload. */
export const redteamRequestSchema = z.object({
  rubricVersionId: z.string().min(1).max(200),
  /** Honest rollouts to edit (the budget: probes = rollouts x families, plus the attacker's). */
  rollouts: z.number().int().min(2).max(500).default(40),
  /** Judges whose mean score is the truth where the environment has no reference answer or planted state. */
  referee: z.array(z.string().min(1).max(200)).max(20).default([]),
  /** Judges whose biases are measured; by default every active llm or simulated judge of the environment. */
  judges: z.array(z.string().min(1).max(200)).max(20).optional(),
  /** An llm judge whose endpoint (and allow-lists) the attacker policy uses, and how many rollouts it writes. */
  attacker: z.object({ judge: z.string().min(1).max(200), rollouts: z.number().int().min(1).max(100).default(10) }).optional(),
  seed: z.number().int().min(0).max(2 ** 31).default(1),
});
export type RedteamRequest = z.infer<typeof redteamRequestSchema>;
export type RedteamRequestInput = z.input<typeof redteamRequestSchema>;

export const redteamJobPayloadSchema = redteamRequestSchema.extend({ projectId: z.string().min(1) });
export type RedteamJobPayload = z.infer<typeof redteamJobPayloadSchema>;
