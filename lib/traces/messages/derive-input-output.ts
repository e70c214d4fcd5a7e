import type { StepInput } from "./step-input";

/** The first user message's text and the last assistant message's text, as the trace's input and output. */
export function deriveInputOutput(steps: readonly StepInput[]): { input: string | null; output: string | null } {
  const texts = (role: string) =>
    steps.filter((step) => (step.type ?? "message") === "message" && step.role === role && typeof step.content === "string" && step.content !== "");
  return {
    input: texts("user")[0]?.content ?? null,
    output: texts("assistant").at(-1)?.content ?? null,
  };
}
