import { clip } from "./check-evidence";
import type { CheckOutcome, CompiledCheck } from "./compiled-check";
import { parseJsonPath, resolveJsonPath } from "./json-path";
import { isSameValue, mentionsValue, scalarText, selectCalls, textOfValue, type ToolCallView } from "./read-tool-result";
import { compileStatelessRegex } from "./stateless-regex";
import type { TraceView } from "./trace-view";
import type { ValueCarriedCheck } from "./world-check-schemas";

type Read = { value: string; index: number; evidence: string } | { value: null; evidence: string };

/** See valueCarriedCheckSchema for the meaning; every "nothing to compare" case is n/a with its reason. */
export function compileValueCarriedCheck({ from, to }: ValueCarriedCheck): CompiledCheck {
  const readSource = compileSourceRead(from);
  const compare = to.target === "tool_argument" ? compileArgumentCompare(to.tool, to.path) : compileReplyCompare(to.pattern, to.flags, to.group);
  return (view) => {
    const read = readSource(view);
    if (read.value === null) return { answer: "n/a", evidence: read.evidence };
    const outcome = compare(view, read.value, read.index);
    return { answer: outcome.answer, evidence: `${read.evidence}; ${outcome.evidence}` };
  };
}

function compileSourceRead(from: ValueCarriedCheck["from"]): (view: TraceView) => Read {
  const segments = from.path !== undefined ? parseJsonPath(from.path) : null;
  const regex = from.pattern !== undefined ? compileStatelessRegex(from.pattern, from.flags) : null;
  const what = `${from.tool} ${from.read}`;
  const readValue = (call: ToolCallView): string | null => {
    const root = from.read === "result" ? call.result : call.arguments;
    if (segments) {
      const resolved = typeof root === "object" && root !== null ? resolveJsonPath(root, segments) : { found: false as const };
      return resolved.found ? scalarText(resolved.value) : null;
    }
    const match = regex!.exec(textOfValue(root));
    return match?.[from.group ?? (match.length > 1 ? 1 : 0)] ?? null;
  };
  return (view) => {
    const [call] = selectCalls(view, from.tool, from.call);
    if (!call) return { value: null, evidence: `${from.tool} never called` };
    if (from.read === "result" && !call.hasResult) return { value: null, evidence: `no result logged for ${from.tool} at steps[${call.index}]` };
    const value = readValue(call);
    if (value === null) return { value: null, evidence: `${what} at steps[${call.index}] has no value at ${from.path ?? `/${from.pattern}/`}` };
    return { value, index: call.index, evidence: `${what} at steps[${call.index}] gives "${clip(value)}"` };
  };
}

function compileArgumentCompare(tool: string, path: string): (view: TraceView, value: string, after: number) => CheckOutcome {
  const segments = parseJsonPath(path);
  return (view, value, after) => {
    const later = view.toolCalls.filter((c) => c.name === tool && c.index > after);
    if (later.length === 0) return { answer: "n/a", evidence: `${tool} not called after it` };
    for (const call of later) {
      const resolved = resolveJsonPath(call.arguments, segments);
      const argument = resolved.found ? scalarText(resolved.value) : null;
      if (argument === null || !isSameValue(argument, value))
        return { answer: "no", evidence: `${tool} at steps[${call.index}] has ${path} ${argument === null ? "missing" : `"${clip(argument)}"`}` };
    }
    return { answer: "yes", evidence: `${tool} ${path} equals it in ${later.length} later call${later.length === 1 ? "" : "s"}` };
  };
}

function compileReplyCompare(pattern: string | undefined, flags: string | undefined, group: number | undefined): (view: TraceView, value: string) => CheckOutcome {
  const regex = pattern !== undefined ? compileStatelessRegex(pattern, flags) : null;
  return (view, value) => {
    if (view.finalReply === null) return { answer: "n/a", evidence: "no final reply" };
    if (!regex) return mentionsValue(view.finalReply, value) ? { answer: "yes", evidence: "the final reply names it" } : { answer: "no", evidence: "the final reply does not name it" };
    const match = regex.exec(view.finalReply);
    const named = match?.[group ?? (match.length > 1 ? 1 : 0)];
    if (!named) return { answer: "n/a", evidence: `final reply names no value for /${pattern}/${flags ?? ""}` };
    return isSameValue(named, value) ? { answer: "yes", evidence: `final reply names "${clip(named)}"` } : { answer: "no", evidence: `final reply names "${clip(named)}" instead` };
  };
}
