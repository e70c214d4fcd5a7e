import { z } from "zod";

/** POST /api/v1/replay/{id}/tool-call: the recorded result of the call, or, for a call the origin trace never made, what it did record of the tool. */
export const replayToolCallAnswerSchema = z.discriminatedUnion("unseen", [
  z.strictObject({
    unseen: z.literal(false),
    tool: z.string(),
    result: z.unknown().describe("the result the world gave this call that time, as recorded"),
    error: z.string().nullable(),
    occurrence: z.number().int().describe("the time of this call asked for (0 for the first); past the last recorded one, the last recorded result answers"),
    recordedOccurrences: z.number().int(),
  }),
  z.strictObject({
    unseen: z.literal(true),
    tool: z.string(),
    arguments: z.unknown(),
    message: z.string(),
    recordedCallsOfTool: z.array(z.unknown()).describe("argument sets the origin trace called the tool with, a few"),
  }),
]);
export type ReplayToolCallAnswer = z.infer<typeof replayToolCallAnswerSchema>;
