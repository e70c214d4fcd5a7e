import { z } from "zod";

/** POST /api/v1/replay/{taskId}/tool-call: a tool call as a trainer's environment makes it; arguments as an object or JSON text. */
export const replayToolCallSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  arguments: z.union([z.record(z.string(), z.unknown()), z.string(), z.array(z.unknown())]).optional(),
  occurrence: z.number().int().min(0).max(100_000).optional(),
});
