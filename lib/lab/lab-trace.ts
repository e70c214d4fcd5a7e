import type { Trace } from "../traces/trace-schema";
import { LAB_ACTIONS } from "./lab-actions";
import type { EpisodeState } from "./lab-episode";
import type { LabEndState } from "./lab-state-schema";

/** A lab episode in the native trace format; `outcome` is filled in once the rubric has scored it. */
/** `runKey` makes externalId unique: pass the run id, or something per run when there is none. */
export function buildLabTrace({
  state,
  endState,
  runId,
  runKey,
  step,
  index,
}: {
  state: EpisodeState;
  endState: LabEndState;
  runId?: string;
  runKey: string;
  step?: number;
  index: number;
}): Trace {
  const { task } = state;
  const reply = endState.replies.at(-1)?.text ?? null;
  return {
    externalId: `lab:${runKey}:${step ?? 0}:${index}`,
    source: "simulator",
    environment: "lab",
    task: task.id,
    run: runId ?? null,
    step: step ?? null,
    input: task.requestText,
    output: reply,
    endState,
    metadata: {
      simulated: true,
      taskBaseId: task.baseId,
      contextShown: task.contextShown,
      planted: task.planted,
      actions: state.actions.map((a) => LAB_ACTIONS[a]?.name ?? String(a)),
    },
    steps: state.steps,
  };
}
