import type { Step, Trace } from "./trace-schema";

type StoredStep = { type: string; role: string; content: string | null; reasoning: string | null; toolName: string | null; toolCallId: string | null; arguments: unknown; result: unknown; error: string | null };
type StoredTrace = {
  externalId: string;
  source: string;
  environment: string | null;
  task: string | null;
  runName: string | null;
  step: number | null;
  input: string | null;
  output: string | null;
  reward: number | null;
  success: boolean | null;
  endState: unknown;
  metadata: unknown;
  steps: StoredStep[];
};

/** Select this for a trace's steps when the rows go through toNativeTrace. */
export const nativeStepFields = { index: true, type: true, role: true, content: true, reasoning: true, toolName: true, toolCallId: true, arguments: true, result: true, error: true } as const;

/** A stored trace with its steps (ordered by index), back in the native format the evaluators and judge prompts read. */
export function toNativeTrace(row: StoredTrace): Trace {
  return {
    externalId: row.externalId,
    source: row.source as Trace["source"],
    environment: row.environment,
    task: row.task,
    run: row.runName,
    step: row.step,
    input: row.input,
    output: row.output,
    outcome: { reward: row.reward, success: row.success },
    endState: row.endState ?? undefined,
    metadata: (row.metadata ?? undefined) as Trace["metadata"],
    steps: row.steps.map(
      (step): Step => ({
        type: step.type as Step["type"],
        role: step.role as Step["role"],
        content: step.content,
        reasoning: step.reasoning,
        name: step.toolName,
        toolCallId: step.toolCallId,
        arguments: step.arguments ?? undefined,
        result: step.result ?? undefined,
        error: step.error,
      }),
    ),
  };
}
