/**
 * Who produced each part of a stored trace, for on-policy distillation: the environment's turns
 * (the user's messages, what tools returned, tool errors) are what a world model learns to predict;
 * the policy's turns (its replies and tool calls) are the context it conditions on; system prompts
 * are context too. The policy's reasoning is left out altogether: the environment never sees it.
 */

export type DistillStep = {
  index: number;
  type: string;
  role: string;
  content: string | null;
  toolName: string | null;
  arguments: unknown;
  result: unknown;
  error: string | null;
};

export type Speaker = "context" | "policy" | "environment";
export type Turn = { speaker: Speaker; text: string; stepIndex: number };

export function splitTurns(steps: DistillStep[]): Turn[] {
  const turns: Turn[] = [];
  const push = (speaker: Speaker, text: string | null, stepIndex: number) => {
    if (text !== null && text !== "") turns.push({ speaker, text, stepIndex });
  };
  for (const step of [...steps].sort((a, b) => a.index - b.index)) {
    if (step.type === "tool_call") {
      push("policy", renderCall(step), step.index);
      push("environment", renderResult(step.result), step.index);
      push("environment", step.error, step.index);
      continue;
    }
    if (step.role === "system") push("context", step.content, step.index);
    else if (step.role === "assistant") push("policy", step.content, step.index);
    else if (step.role === "tool") push("environment", step.content ?? renderResult(step.result), step.index);
    else push("environment", step.content, step.index);
  }
  return turns;
}

function renderCall({ toolName, arguments: args }: DistillStep): string {
  const rendered = args === null || args === undefined ? "" : typeof args === "string" ? args : JSON.stringify(args);
  return `${toolName ?? "tool"}(${rendered})`;
}

/** A tool's result as the text the agent read: strings as they are, anything else as JSON. */
export function renderResult(result: unknown): string | null {
  if (result === null || result === undefined) return null;
  return typeof result === "string" ? result : JSON.stringify(result);
}
