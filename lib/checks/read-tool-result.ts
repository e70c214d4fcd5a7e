import type { TraceView } from "./trace-view";

export type ToolCallView = TraceView["toolCalls"][number];

/** A result or argument as the text a regex reads: text as logged, anything else as its JSON. */
export function textOfValue(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "");
}

/** The calls of `tool` a check reads, in trace order; empty when the tool was never called. */
export function selectCalls(view: TraceView, tool: string, call: "first" | "last" | "any"): ToolCallView[] {
  const calls = view.toolCalls.filter((c) => c.name === tool);
  if (call === "any" || calls.length === 0) return calls;
  return [call === "first" ? calls[0]! : calls[calls.length - 1]!];
}

/** A scalar as comparable text; objects and arrays have no single value to carry. */
export function scalarText(value: unknown): string | null {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? String(value) : null;
}

const amountPattern = /^[-+]?[$€£]?\s*\d[\d,]*(?:\.\d+)?$/;

/** Trimmed, case-insensitive text; amounts as numbers, so "$1,040.00" equals 1040. */
export function isSameValue(a: string, b: string): boolean {
  const [x, y] = [a.trim().toLowerCase(), b.trim().toLowerCase()];
  if (x === y) return true;
  if (!amountPattern.test(x) || !amountPattern.test(y)) return false;
  return Math.abs(toNumber(x) - toNumber(y)) < 1e-9;
}

const toNumber = (text: string) => Number(text.replace(/[$€£,\s]/g, ""));

/** A value as a number when it reads as an amount ("$1,040.00", "30", 12.5), else null. */
export function readAmount(value: string): number | null {
  const text = value.trim();
  return amountPattern.test(text) ? toNumber(text) : null;
}

/** Every amount-looking or word-looking token of a text, for "does the reply name this value". */
export function mentionsValue(text: string, value: string): boolean {
  const wanted = value.trim().toLowerCase();
  if (wanted === "") return false;
  if (amountPattern.test(wanted)) return (text.match(/[$€£]?\d[\d,]*(?:\.\d+)?/g) ?? []).some((token) => isSameValue(token, wanted));
  const escaped = wanted.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?:^|[^\\p{L}\\p{N}])${escaped}(?:$|[^\\p{L}\\p{N}])`, "iu").test(text);
}
