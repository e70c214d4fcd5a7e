import { z } from "zod";

const jobSummaryShape = {
  id: z.string(),
  type: z.string().describe("the job type (runs.divergence, redteam.run, documents.mine, ...)"),
  status: z.string().describe("queued | running | succeeded | failed | cancelled"),
  progress: z.number().describe("0 to 1"),
  progressMessage: z.string().nullable(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  error: z.string().nullable().describe("why it failed, in words a user can read"),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
};
export type JobSummary = z.infer<z.ZodObject<typeof jobSummaryShape>>;

/** A row of the Jobs table: the job and what it is about (describeJobSubjects). */
export const jobListItemSchema = z
  .strictObject({ ...jobSummaryShape, subject: z.string().nullable().describe("what the job is about (a run's name, a document's), when it names one") })
  .meta({ id: "JobListItem" });
export type JobListItem = z.infer<typeof jobListItemSchema>;

/** GET /api/v1/jobs. */
export const listJobsAnswerSchema = z.strictObject({ jobs: z.array(jobListItemSchema).describe("newest first") });

/** GET /api/v1/jobs/{id}: the row of the list with the job's result. */
export const jobAnswerSchema = z.strictObject({
  ...jobSummaryShape,
  subject: z.string().nullable(),
  result: z.unknown().describe("what the job type answers when it is done (its own shape per type); null until then"),
});
export type JobAnswer = z.infer<typeof jobAnswerSchema>;
