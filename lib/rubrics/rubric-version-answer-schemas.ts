import { z } from "zod";

/**
 * GET /api/v1/rubric-versions/{id}, and the draft POST /rubric-versions made or the version
 * /approve approved: a rubric version's export JSON, which POST /rubric-versions takes back.
 */
export const rubricVersionExportSchema = z
  .strictObject({
    format: z.literal("goodhart.rubric-version/1"),
    id: z.string(),
    environment: z.string(),
    rubric: z.string().describe("the rubric's name"),
    version: z.number().int(),
    status: z.string().describe("draft | approved"),
    hackMode: z.string().describe("zero | subtract: what a firing hack item does to the reward"),
    basedOnId: z.string().nullable().describe("the version this draft was copied from"),
    note: z.string().nullable(),
    approvedBy: z.string().nullable().describe("the approver's email"),
    approvedAt: z.iso.datetime().nullable(),
    items: z.array(
      z.strictObject({
        key: z.string(),
        question: z.string(),
        polarity: z.string().describe("good | hack"),
        weight: z.number(),
        check: z.unknown().describe("the item's check ({kind, ...}), as POST /rubric-versions takes it"),
        knownHackId: z.string().nullable().describe("the known hack the item checks for (GET /hacks)"),
        provenance: z.unknown().describe("where the item came from ({source, ...}), or null"),
      }),
    ),
  })
  .meta({ id: "RubricVersionExport" });
export type RubricVersionExport = z.infer<typeof rubricVersionExportSchema>;

/** GET /api/v1/rubric-versions. */
export const listRubricVersionsAnswerSchema = z.strictObject({
  rubricVersions: z
    .array(
      z.strictObject({
        id: z.string(),
        environment: z.string(),
        rubric: z.string(),
        version: z.number().int(),
        status: z.string().describe("draft | approved"),
        hackMode: z.string(),
        basedOnId: z.string().nullable(),
        note: z.string().nullable(),
        items: z.number().int().describe("how many items it has"),
        createdBy: z.string().nullable(),
        createdAt: z.iso.datetime(),
        approvedBy: z.string().nullable(),
        approvedAt: z.iso.datetime().nullable(),
      }),
    )
    .describe("by environment, then newest version first"),
});
export type ListRubricVersionsAnswer = z.infer<typeof listRubricVersionsAnswerSchema>;
