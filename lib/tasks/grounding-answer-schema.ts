import { z } from "zod";

/** POST /api/v1/tasks/grounding: the queued A/B, followed at GET /jobs/{id} (its result, once done, has each task's gap). */
export const groundingStartedAnswerSchema = z.strictObject({
  jobId: z.string(),
  status: z.string().describe("the job's status: queued, unless a worker took it already"),
});
export type GroundingStartedAnswer = z.infer<typeof groundingStartedAnswerSchema>;
