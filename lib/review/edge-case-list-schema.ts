import { z } from "zod";

const exampleSchema = z.strictObject({
  traceId: z.string(),
  externalId: z.string(),
  reward: z.number().nullable(),
  success: z.boolean().nullable(),
  output: z.string().nullable().describe("the trace's output, cut at 600 characters"),
  why: z.string().describe("why this trace is an example of the case"),
  verdicts: z
    .array(
      z.strictObject({
        judge: z.string(),
        judgeVersion: z.number().int(),
        isSimulated: z.boolean(),
        label: z.string(),
        score: z.number().nullable(),
        rationale: z.string().nullable(),
        issues: z.array(z.string()),
        error: z.string().nullable(),
      }),
    )
    .describe("oldest first"),
  firedItems: z.array(z.strictObject({ key: z.string(), question: z.string(), polarity: z.string(), evidence: z.string().nullable() })).describe("the rubric items that answered yes"),
});

/** A case of the review queue, as the queue lists it. */
export const edgeCaseItemSchema = z
  .strictObject({
    id: z.string(),
    kind: z.string().describe("judge_disagreement | suspected_hack | metric_divergence | rubric_change | low_confidence_extraction | ..."),
    rule: z.string().describe("the rule that raised it"),
    environment: z.string().nullable(),
    subject: z.strictObject({ type: z.string().describe("trace, run, ..."), id: z.string().nullable() }),
    title: z.string(),
    explanation: z.string(),
    summary: z.string().nullable().describe("a run case's plain sentence (what moved, which way, from about which step); null for other cases"),
    priority: z.number(),
    runPriority: z.number().nullable().describe("with ?run=, the case's standing on that run, which orders the list; null otherwise"),
    count: z.number().int().describe("the similar cases merged into this one"),
    exampleCount: z.number().int().describe("every example trace of the case (a decision labels them all), not only those shown"),
    status: z.string().describe("open | decided"),
    decision: z.string().nullable(),
    note: z.string().nullable(),
    decidedAt: z.iso.datetime().nullable(),
    decidedBy: z.string().nullable().describe("the decider's email"),
    assignee: z.strictObject({ id: z.string(), email: z.string() }).nullable(),
    createdAt: z.iso.datetime(),
    readings: z.array(z.strictObject({ rule: z.string(), wording: z.string(), count: z.number() })).describe("the rule-and-wording readings the case was merged from"),
    examples: z.array(exampleSchema).describe("its top three examples, highest reward first"),
  })
  .meta({ id: "EdgeCase" });

/** GET /api/v1/edge-cases: a page of the queue, by priority. */
export const edgeCaseListSchema = z.strictObject({
  total: z.number().int().describe("the cases the filters keep"),
  limit: z.number().int(),
  offset: z.number().int().nullable().describe("null when paged by ?after="),
  nextOffset: z.number().int().nullable(),
  nextCursor: z.string().nullable().describe("?after= for the next page; null on the last"),
  edgeCases: z.array(edgeCaseItemSchema),
});
export type EdgeCaseList = z.infer<typeof edgeCaseListSchema>;
