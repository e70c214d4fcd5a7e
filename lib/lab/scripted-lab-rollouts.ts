import { createRng, deriveSeed } from "../random/prng";
import type { Trace } from "../traces/trace-schema";
import { generateLabTasks, type LabTask } from "./generate-tasks";
import { applyAction, recordEndState, startEpisode } from "./lab-episode";
import { buildLabTrace } from "./lab-trace";
import { scriptedAction } from "./scripted-agent";

/**
 * Rollouts of the scripted desk agent on freshly planted tasks, as lab traces: the stored rollouts
 * of an environment before any training, which a red-team run edits. `noise` is the agent's share
 * of random actions (0: it always follows the written policy it knows).
 */
export function scriptedLabRollouts({ seed, count, noise = 0, politeShare = 0.6 }: { seed: number; count: number; noise?: number; politeShare?: number }): { tasks: LabTask[]; traces: Trace[] } {
  const tasks = generateLabTasks({ seed, count: Math.ceil(count / 2), idPrefix: `lab-s${seed}` }).slice(0, count);
  const rng = createRng(deriveSeed(seed, "scripted rollouts"));
  const traces = tasks.map((task, index) => {
    const state = startEpisode(task);
    while (!state.isDone) applyAction(state, scriptedAction(state, rng, { noise, politeShare }));
    return buildLabTrace({ state, endState: recordEndState(state), runKey: `scripted-${seed}`, index });
  });
  return { tasks, traces };
}
