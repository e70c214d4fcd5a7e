import type { TraceStepView } from "@/lib/traces/list-trace-steps";
import { glanceJson } from "./pretty-json";

// Pixel sizes of the step card (trace-step-card.tsx) at the timeline's usual width.
const frame = 16 + 26 + 22; // row padding, card padding and border, header line
const textLine = 20;
const monoLine = 16;
const charsPerLine = 90;
const collapsedLines = 13; // CollapsibleText's 12 lines and its expand button

function lineCount(text: string | null | undefined): number {
  if (!text) return 0;
  const lines = text.split("\n").reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / charsPerLine)), 0);
  return Math.min(lines, collapsedLines);
}

/**
 * A step's height before it is measured. Rows are measured once rendered; a close first guess
 * keeps the scrollbar steady and the rows where the scroll position expects them.
 */
export function estimateStepHeight(step: TraceStepView): number {
  let height = frame + lineCount(step.content) * textLine;
  if (step.type === "tool_call" || step.arguments != null || step.result != null) {
    const args = step.arguments == null ? 1 : lineCount(glanceJson(step.arguments));
    const result = step.result == null ? 1 : lineCount(glanceJson(step.result));
    height += 8 + 16 + 20 + Math.max(args, result) * monoLine;
  }
  if (step.reasoning) height += 44;
  if (step.error) height += 40;
  if (step.metadata) height += 24;
  return height;
}
