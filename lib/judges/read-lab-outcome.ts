import { auditEndState } from "../lab/audit-end-state";
import { labEndStateSchema } from "../lab/lab-state-schema";

/** The lab's true outcome recomputed from its end state (null when it is not a lab end state). */
export function readLabOutcome(endState: unknown): boolean | null {
  const parsed = labEndStateSchema.safeParse(endState);
  return parsed.success ? auditEndState(parsed.data).success : null;
}
