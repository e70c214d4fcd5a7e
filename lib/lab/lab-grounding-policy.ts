import { findGroundingPolicy, registerGroundingPolicy, type GroundingPolicy } from "../tasks/grounding-policy";
import { generateLabTasks, type LabTask } from "./generate-tasks";
import { applyAction, recordEndState, startEpisode } from "./lab-episode";
import { buildLabTrace } from "./lab-trace";
import { createRng, deriveSeed } from "../random/prng";
import { scriptedAction } from "./scripted-agent";

export const LAB_GROUNDING_POLICY = "lab";

/** The ids run-lab gives its tasks: the run's seed, the set, the index in generation order. */
const labTaskId = /^lab-(train|heldout)-s(\d+)-(\d{4})\/(with-context|no-context)$/;

/**
 * The lab task behind a stored Task row, made again from its seed (a task is a function of its
 * seed and index, as run-lab generates them). A row that is not such a task is refused.
 */
export function resolveLabTask({ externalId, prompt }: { externalId: string; prompt: string }): LabTask {
  const match = labTaskId.exec(externalId);
  if (!match) throw new Error(`task ${externalId} is not a lab task`);
  const [, set, seed, index] = match;
  const tasks = generateLabTasks({
    seed: deriveSeed(Number(seed), set === "train" ? "train-tasks" : "held-out-tasks"),
    count: Number(index) + 1,
    idPrefix: `lab-${set}-s${seed}`,
  });
  const task = tasks.find((candidate) => candidate.id === externalId);
  if (!task || task.requestText !== prompt) throw new Error(`task ${externalId} is not one the lab planted: its prompt differs`);
  return task;
}

/**
 * The lab's desk agent as a grounding policy: the with-context arm plays the task with the refund
 * policy in its prompt, the other arm the same task without it, where the agent looks the policy up
 * or, often, goes from memory. Each rollout is seeded by task, arm and sample.
 */
export function createLabGroundingPolicy({ noise = 0.1 }: { noise?: number } = {}): GroundingPolicy {
  return {
    name: LAB_GROUNDING_POLICY,
    rollout: async ({ task, withContext, sample }) => {
      const labTask = resolveLabTask(task);
      const state = startEpisode({ ...labTask, contextShown: withContext });
      const rng = createRng(deriveSeed("grounding", task.externalId, withContext ? "with" : "without", sample));
      while (!state.isDone) applyAction(state, scriptedAction(state, rng, { noise }));
      return buildLabTrace({ state, endState: recordEndState(state), runKey: "grounding", index: sample });
    },
  };
}

/** Gives the core's grounding A/B the lab's policy under LAB_GROUNDING_POLICY; registering again changes nothing. */
export function registerLabGroundingPolicy() {
  if (!findGroundingPolicy(LAB_GROUNDING_POLICY)) registerGroundingPolicy(createLabGroundingPolicy());
}
