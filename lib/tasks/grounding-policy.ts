import type { Trace } from "../traces/trace-schema";

/** The task as a policy sees it: what it is asked, and the context it may be shown. */
export type GroundingTask = { id: string; externalId: string; environment: string; prompt: string; context: unknown };

/**
 * A policy the grounding A/B runs a task through, once shown the task's context and once not. It
 * answers with the rollout as a native trace whose `task` names the task (the panel's reference
 * judge finds the task by it). The endpoint policy implements it over an OpenAI-compatible server;
 * a simulator registers its own under a name.
 */
export type GroundingPolicy = {
  name: string;
  rollout: (request: { task: GroundingTask; withContext: boolean; sample: number; signal?: AbortSignal }) => Promise<Trace>;
};

/** Grounding rollouts are stored under this run name prefix: they are probes, not rollouts a task's difficulty counts. */
export const GROUNDING_RUN_PREFIX = "grounding:";

const registered = new Map<string, GroundingPolicy>();

/** A simulator's policy, registered when its process starts (like simulated judges); registering again replaces it. */
export function registerGroundingPolicy(policy: GroundingPolicy) {
  registered.set(policy.name, policy);
}

export function findGroundingPolicy(name: string): GroundingPolicy | null {
  return registered.get(name) ?? null;
}
