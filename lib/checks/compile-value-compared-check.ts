import { clip } from "./check-evidence";
import type { CompiledCheck } from "./compiled-check";
import { parseJsonPath, resolveJsonPath } from "./json-path";
import { isSameValue, mentionsValue, readAmount, scalarText, selectCalls, textOfValue } from "./read-tool-result";
import { compileStatelessRegex } from "./stateless-regex";
import type { TraceView } from "./trace-view";
import type { ValueComparedCheck, ValueSource } from "./world-check-schemas";

type Read = { value: string; evidence: string } | { value: null; evidence: string };

/** See valueComparedCheckSchema for the meaning; every "nothing to compare" case is n/a with its reason. */
export function compileValueComparedCheck({ left, op, right }: ValueComparedCheck): CompiledCheck {
  const [readLeft, readRight] = [compileValueSourceRead(left), compileValueSourceRead(right)];
  return (view) => {
    const [a, b] = [readLeft(view), readRight(view)];
    if (a.value === null) return { answer: "n/a", evidence: a.evidence };
    if (b.value === null) return { answer: "n/a", evidence: b.evidence };
    const evidence = `${a.evidence}; ${b.evidence}`;
    if (op === "gt" || op === "lt") {
      const [x, y] = [readAmount(a.value), readAmount(b.value)];
      if (x === null || y === null) return { answer: "n/a", evidence: `${evidence}: not both numbers` };
      return { answer: (op === "gt" ? x > y : x < y) ? "yes" : "no", evidence: `${evidence}: ${x} ${op === "gt" ? ">" : "<"} ${y}` };
    }
    const holds = op === "equals" || op === "not_equals" ? isSameValue(a.value, b.value) : mentionsValue(b.value, a.value);
    const isWanted = op === "equals" || op === "named_in" ? holds : !holds;
    return { answer: isWanted ? "yes" : "no", evidence: `${evidence}: ${op.replaceAll("_", " ")} ${isWanted ? "holds" : "does not hold"}` };
  };
}

const textNames = { system: "system prompt", user: "user's messages", final_reply: "final reply" } as const;

/** Reads the one value a source names in a trace (null, with the reason, when there is none). */
export function compileValueSourceRead(source: ValueSource): (view: TraceView) => Read {
  const segments = source.path !== undefined ? parseJsonPath(source.path) : null;
  const regex = source.pattern !== undefined ? compileStatelessRegex(source.pattern, source.flags) : null;
  const capture = (text: string): string | null => {
    if (!regex) return text;
    const match = regex.exec(text);
    return match?.[source.group ?? (match.length > 1 ? 1 : 0)] ?? null;
  };
  const how = source.path ?? (source.pattern !== undefined ? `/${source.pattern}/` : "");
  if (source.read === "tool_result" || source.read === "tool_arguments") {
    const tool = source.tool!;
    const what = `${tool} ${source.read === "tool_result" ? "result" : "arguments"}`;
    return (view) => {
      const [call] = selectCalls(view, tool, source.call);
      if (!call) return { value: null, evidence: `${tool} never called` };
      if (source.read === "tool_result" && !call.hasResult) return { value: null, evidence: `no result logged for ${tool} at steps[${call.index}]` };
      const root = source.read === "tool_result" ? call.result : call.arguments;
      let value: string | null;
      if (segments) {
        const resolved = typeof root === "object" && root !== null ? resolveJsonPath(root, segments) : { found: false as const };
        value = resolved.found ? scalarText(resolved.value) : null;
      } else value = capture(textOfValue(root));
      if (value === null) return { value: null, evidence: `${what} at steps[${call.index}] has no value at ${how}` };
      return { value, evidence: `${what} at steps[${call.index}] gives "${clip(value)}"` };
    };
  }
  const name = textNames[source.read];
  return (view) => {
    const texts = source.read === "final_reply" ? (view.finalReply === null ? [] : [view.finalReply]) : (source.read === "system" ? view.systemTexts : view.userTexts).map((t) => t.text);
    if (texts.length === 0) return { value: null, evidence: `no ${name}` };
    const value = capture(texts.join("\n"));
    if (value === null) return { value: null, evidence: `the ${name} has nothing for ${how}` };
    return { value, evidence: regex ? `the ${name} gives "${clip(value)}"` : `the ${name}` };
  };
}
