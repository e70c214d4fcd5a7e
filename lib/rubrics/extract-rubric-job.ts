import { z } from "zod";
import type { Db } from "../db/client";
import { enqueueJob } from "../jobs/enqueue-job";
import { defineJobType, PermanentJobError, registerHandler } from "../jobs/job-type";
import { extractRubricCandidates } from "./extract-rubric-candidates";

export const extractRubricJob = defineJobType({
  name: "rubrics.extract",
  payloadSchema: z.object({ projectId: z.string().min(1), environment: z.string().min(1) }),
  // Re-running is an update by clusterKey, so a retry is safe.
  maxAttempts: 3,
});

export const extractRubricHandler = registerHandler(extractRubricJob, async ({ projectId, environment }, { db, jobId, reportProgress }) => {
  const project = await db.project.findUnique({ where: { id: projectId }, select: { id: true } });
  if (!project) throw new PermanentJobError(`Project ${projectId} is gone`);
  // The LLM question writer is wired in by the judges branch (see CandidateQuestionWriter); the template applies until then.
  const result = await extractRubricCandidates(db, { projectId, environment, jobId, onProgress: reportProgress });
  await reportProgress(1, `${result.clusters} candidates (${result.created} new)`);
  return result;
});

/** Queues an extraction for one environment; the job row carries its progress. */
export async function startRubricExtraction(db: Db, { projectId, environment }: { projectId: string; environment: string }) {
  return enqueueJob(db, extractRubricJob, { projectId, environment }, { projectId });
}
