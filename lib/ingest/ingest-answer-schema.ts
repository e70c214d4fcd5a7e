import { z } from "zod";

/** What POST /api/v1/traces answers, whatever the body's format. */
export const ingestAnswerSchema = z.strictObject({
  accepted: z.number().int().describe("new traces"),
  updated: z.number().int().describe("stored traces a part added to"),
  pending: z.number().int().describe("parts kept until the rest of their trace comes"),
  duplicates: z.number().int().describe("traces stored before, unchanged"),
  rejected: z
    .array(z.strictObject({ index: z.number().int().optional(), line: z.number().int().optional(), error: z.string() }))
    .describe("each trace that was not stored: its index in the batch (or its line in JSONL) and why"),
  traceIds: z.array(z.string()).describe("the stored id of every trace the body held (new or already there), in body order; rejected traces have none"),
});
export type ApiIngestResult = z.infer<typeof ingestAnswerSchema>;
