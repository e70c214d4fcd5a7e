import { z } from "zod";

/** A known hack as the REST API shows it (known-hack-api-view.ts). */
export const knownHackAnswerSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    status: z.string().describe("proposed | approved | rejected"),
    environment: z.string().nullable(),
    description: z.string(),
    recognition: z.string().nullable().describe("how a reviewer recognises it in a trace"),
    check: z.unknown().describe("the check of the hack-check item it proposes (or became), or null"),
    item: z.record(z.string(), z.unknown()).nullable().describe("the proposed rubric item, with its measured figures"),
    precision: z.number().nullable().describe("the check's measured precision on the confirmed examples and honest traces; null until measured"),
    recall: z.number().nullable(),
    warning: z.string().nullable().describe("set when the check's precision is low: approving it is then a visible choice"),
    nextBest: z.array(z.unknown()).describe("the runner-up checks the induction measured"),
    induction: z
      .enum(["measuring", "failed", "done"])
      .describe("measuring while the hacks.induce job runs, failed when it gave up, done once the check is in place"),
    inductionError: z.string().nullable(),
    examples: z.number().int().describe("how many example traces it has"),
    exampleTraceIds: z.array(z.string()).describe("at most 10"),
    edgeCaseId: z.string().nullable().describe("the review case it was proposed from"),
    proposedBy: z.string().nullable().describe("the proposer's email"),
    createdAt: z.iso.datetime(),
    decidedBy: z.string().nullable(),
    decidedAt: z.iso.datetime().nullable(),
    decisionNote: z.string().nullable(),
    rubricItems: z
      .array(z.strictObject({ id: z.string(), key: z.string(), rubricVersionId: z.string(), version: z.number().int(), status: z.string() }))
      .describe("the rubric items that check for it, with their versions"),
  })
  .meta({ id: "KnownHack" });
export type KnownHackAnswer = z.infer<typeof knownHackAnswerSchema>;

/** GET /api/v1/hacks. */
export const listKnownHacksAnswerSchema = z.strictObject({
  hacks: z.array(knownHackAnswerSchema).describe("by status (approved, proposed, rejected), newest first within each"),
});
export type ListKnownHacksAnswer = z.infer<typeof listKnownHacksAnswerSchema>;

/** POST /api/v1/hacks/{id}/decision: the decided hack, and the draft its check went into when approved. */
export const knownHackDecisionAnswerSchema = z.strictObject({
  hack: knownHackAnswerSchema,
  rubricVersionId: z.string().nullable().describe("the draft rubric version its check was added to (approve); null for a rejection"),
});
export type KnownHackDecisionAnswer = z.infer<typeof knownHackDecisionAnswerSchema>;

/** POST /api/v1/hacks/{id}/check: the hack with its new check, measured on the examples and honest traces. */
export const knownHackCheckAnswerSchema = z.strictObject({ hack: knownHackAnswerSchema });
export type KnownHackCheckAnswer = z.infer<typeof knownHackCheckAnswerSchema>;
