import type { Step, Trace } from "../traces/trace-schema";
import type { Rollout, RolloutMessage } from "./reward-request-schema";

/** A rollout as a native trace (source "rollout"), the shape the rubric evaluator and the store read. */
export function rolloutToTrace(rollout: Rollout, { environment, run, step }: { environment: string | null; run?: string; step?: number }): Trace {
  const prompt = typeof rollout.prompt === "string" ? [textStep("user", rollout.prompt)] : (rollout.prompt ?? []).flatMap(messageToSteps);
  const completion =
    typeof rollout.completion === "string" ? [textStep("assistant", rollout.completion)] : (rollout.completion ?? []).flatMap(messageToSteps);
  const steps = rollout.messages ? rollout.messages.flatMap(messageToSteps) : [...prompt, ...completion];
  const metadata = { ...rollout.metadata, ...(rollout.label !== undefined ? { label: rollout.label } : {}) };
  return {
    source: "rollout",
    environment,
    task: rollout.task ?? null,
    run: rollout.run ?? run ?? null,
    step: rollout.step ?? step ?? null,
    input: typeof rollout.prompt === "string" ? rollout.prompt : null,
    output: typeof rollout.completion === "string" ? rollout.completion : null,
    endState: rollout.endState,
    metadata: Object.keys(metadata).length ? metadata : undefined,
    steps,
  };
}

function textStep(role: Step["role"], content: string): Step {
  return { type: "message", role, content };
}

function messageToSteps(message: RolloutMessage): Step[] {
  const reasoning = message.reasoning ?? message.reasoning_content ?? null;
  const content = typeof message.content === "string" ? message.content : null;
  const base: Step = {
    type: message.type ?? "message",
    role: message.role,
    content,
    reasoning,
    name: message.name ?? null,
    toolCallId: message.tool_call_id ?? null,
    arguments: message.arguments,
    result: message.result,
  };
  if (!message.tool_calls?.length) return [base];
  const calls: Step[] = message.tool_calls.map((call) => ({
    type: "tool_call",
    role: "assistant",
    name: call.function.name,
    toolCallId: call.id ?? null,
    arguments: call.function.arguments,
  }));
  return content || reasoning ? [base, ...calls] : calls;
}
