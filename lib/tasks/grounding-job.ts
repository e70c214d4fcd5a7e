import { z } from "zod";
import { defineJobType, PermanentJobError, registerHandler, type JobContext } from "../jobs/job-type";
import { llmJudgeConfigSchema } from "../judges/judge-config-schema";
import { createEndpointPolicy } from "./grounding-endpoint-policy";
import { findGroundingPolicy, type GroundingPolicy } from "./grounding-policy";
import { runGrounding, type GroundingResult } from "./grounding-run";

/** The policy an A/B runs: an endpoint configured like an llm judge, or one a simulator registered by name. */
export const groundingPolicySchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("endpoint"), config: llmJudgeConfigSchema }),
  z.object({ kind: z.literal("registered"), name: z.string().min(1).max(100) }),
]);

export const groundingRequestSchema = z.object({
  policy: groundingPolicySchema,
  judgeIds: z.array(z.string().min(1)).min(1).max(20),
  environment: z.string().min(1).max(200).optional(),
  taskIds: z.array(z.string().min(1)).min(1).max(10_000).optional(),
  samples: z.number().int().min(1).max(32).default(4),
});
export type GroundingRequest = z.infer<typeof groundingRequestSchema>;

export const groundingJob = defineJobType({
  name: "tasks.grounding",
  payloadSchema: groundingRequestSchema,
  // Rollouts already stored under the job's key are kept and verdicts are cached: a retry redoes little.
  maxAttempts: 3,
  backoffSeconds: 10,
});

export async function handleGrounding(payload: GroundingRequest, { db, projectId, jobId, signal, reportProgress }: Pick<JobContext, "db" | "projectId" | "jobId" | "signal" | "reportProgress">): Promise<GroundingResult> {
  if (!projectId) throw new PermanentJobError("a grounding A/B needs a project");
  const policy = resolvePolicy(payload.policy);
  await reportProgress(0, `grounding with ${policy.name}`);
  return runGrounding(db, { projectId, policy, judgeIds: payload.judgeIds, environment: payload.environment, taskIds: payload.taskIds, samples: payload.samples, runKey: jobId, jobId, signal, onProgress: (fraction, message) => reportProgress(fraction, message) });
}

function resolvePolicy(policy: GroundingRequest["policy"]): GroundingPolicy {
  if (policy.kind === "endpoint") return createEndpointPolicy(policy.config);
  const registered = findGroundingPolicy(policy.name);
  // A name this worker does not know cannot become known by retrying.
  if (!registered) throw new PermanentJobError(`no grounding policy named "${policy.name}" is registered in this worker`);
  return registered;
}

export const groundingHandler = registerHandler(groundingJob, handleGrounding);
