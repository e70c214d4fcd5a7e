import { z } from "zod";
import { rubricCheckSchema } from "../checks/rubric-check-schema";

export const knownHackStatusSchema = z.enum(["proposed", "approved", "rejected"]);
export type KnownHackStatus = z.infer<typeof knownHackStatusSchema>;

/** GET /api/v1/hacks?status=&environment= */
export const knownHackQuerySchema = z.object({ status: knownHackStatusSchema.optional(), environment: z.string().min(1).max(200).optional() });

/** POST /api/v1/hacks/{id}/decision; a rejection needs its note (decide-known-hack.ts says so with a 400). */
export const knownHackDecisionBodySchema = z.strictObject({ decision: z.enum(["approve", "reject"]), note: z.string().trim().max(5000).optional() });

/** POST /api/v1/hacks/{id}/check: a proposed hack's check replaced (a next-best candidate, or an edit), measured before it is saved. */
export const knownHackCheckBodySchema = z.strictObject({ check: rubricCheckSchema });
