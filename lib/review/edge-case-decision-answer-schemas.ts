import { z } from "zod";
import { edgeCaseDecisionSchema } from "./edge-case-schemas";

/** POST /api/v1/edge-cases/{id}/decision: the decided case. */
export const decidedCaseSchema = z.strictObject({
  id: z.string(),
  decision: edgeCaseDecisionSchema,
  labels: z.number().int().describe("the human labels written on its example traces"),
  knownHackId: z.string().nullable().describe("the known hack confirming it proposed (GET /hacks), or null"),
});
export type DecidedCase = z.infer<typeof decidedCaseSchema>;

/** POST /api/v1/edge-cases/{id}/undo: the reopened case and what its decision wrote that was taken back. */
export const undoneDecisionSchema = z.strictObject({
  id: z.string(),
  decision: z.string().describe("the decision taken back"),
  labelsWithdrawn: z.number().int(),
  knownHackWithdrawn: z.string().nullable().describe("the proposed known hack deleted with it"),
  knownHackKept: z.string().nullable().describe("the known hack it proposed that a reviewer had approved or rejected already: kept"),
});
export type UndoneDecision = z.infer<typeof undoneDecisionSchema>;
