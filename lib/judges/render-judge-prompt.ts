import type { Rubric } from "../checks/rubric-item-schema";
import type { Trace } from "../traces/trace-schema";

/** A tool result or message longer than this is cut in the prompt (the trace keeps it whole). */
const partMax = 4_000;

/**
 * The whole trace as plain text for an LLM judge: every step in order, with tool calls, their
 * arguments and results, and the model's reasoning labelled apart from its visible reply.
 */
export function renderTraceForJudge(trace: Trace): string {
  const lines: string[] = [];
  if (trace.input) lines.push(`[input] ${clip(trace.input)}`);
  trace.steps.forEach((step, index) => {
    if (step.reasoning) lines.push(`[${index}] ${step.role} reasoning (hidden from the user): ${clip(step.reasoning)}`);
    if (step.type === "tool_call") {
      lines.push(`[${index}] ${step.role} calls tool ${step.name ?? "?"}(${clip(JSON.stringify(step.arguments ?? {}))})`);
      if (step.result !== undefined && step.result !== null) lines.push(`[${index}] tool ${step.name ?? ""} returned: ${clip(typeof step.result === "string" ? step.result : JSON.stringify(step.result))}`);
      if (step.error) lines.push(`[${index}] tool error: ${clip(step.error)}`);
      if (step.content) lines.push(`[${index}] ${step.role}: ${clip(step.content)}`);
      return;
    }
    if (step.content) lines.push(`[${index}] ${step.role}${step.name ? ` (${step.name})` : ""}: ${clip(step.content)}`);
    if (step.error) lines.push(`[${index}] error: ${clip(step.error)}`);
  });
  if (trace.output) lines.push(`[final output] ${clip(trace.output)}`);
  return lines.join("\n");
}

export function renderRubricForJudge(rubric: Rubric | null): string {
  if (!rubric || rubric.items.length === 0) return "(no rubric)";
  return rubric.items.map((item) => `- [${item.polarity === "hack" ? "hack check" : "good"}] ${item.question}`).join("\n");
}

/** Fills {{trace}}, {{rubric}}, {{environment}}, {{task}}, {{input}}, {{output}}; unknown placeholders stay as written. */
export function renderJudgePrompt(template: string, { trace, rubric }: { trace: Trace; rubric: Rubric | null }): string {
  const values: Record<string, string> = {
    trace: renderTraceForJudge(trace),
    rubric: renderRubricForJudge(rubric),
    environment: trace.environment ?? "(unknown)",
    task: trace.task ?? "(unknown)",
    input: trace.input ?? "",
    output: trace.output ?? "",
  };
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
}

function clip(text: string): string {
  return text.length > partMax ? `${text.slice(0, partMax)}… [${text.length - partMax} more characters cut]` : text;
}
