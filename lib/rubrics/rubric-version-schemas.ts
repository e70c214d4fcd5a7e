import { z } from "zod";
import { hackModeSchema, refineUniqueKeys, rubricItemSchema } from "../checks/rubric-item-schema";

/** GET /api/v1/rubric-versions?environment=&status= */
export const rubricVersionQuerySchema = z.object({ environment: z.string().min(1).max(200).optional(), status: z.enum(["draft", "approved"]).optional() });

/** POST /api/v1/rubric-versions/{id}/approve; the body is optional. */
export const approveRubricVersionBodySchema = z.strictObject({ note: z.string().trim().max(500).optional() });

/**
 * What export-rubric-version.ts writes, read back as a new draft. The fields that describe the
 * source (id, version, status, approvedBy, basedOnId) are kept as the items' provenance, never as
 * the new draft's own: an import is unapproved until someone here approves it.
 */
export const rubricVersionImportSchema = z
  .object({
    format: z.literal("goodhart.rubric-version/1"),
    id: z.string().max(200).nullish(),
    environment: z.string().trim().min(1).max(200),
    rubric: z.string().trim().min(1).max(200).nullish(),
    version: z.number().int().positive().nullish(),
    hackMode: hackModeSchema.default("zero"),
    note: z.string().max(500).nullish(),
    items: z.array(
      rubricItemSchema.extend({
        knownHackId: z.string().max(200).nullish(),
        provenance: z.record(z.string(), z.unknown()).nullish(),
      }),
    ),
  })
  .superRefine(refineUniqueKeys);
export type RubricVersionImport = z.infer<typeof rubricVersionImportSchema>;
