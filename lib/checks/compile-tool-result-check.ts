import { clip } from "./check-evidence";
import type { CheckOutcome, CompiledCheck } from "./compiled-check";
import { answerJsonPath } from "./compile-json-path-check";
import { parseJsonPath } from "./json-path";
import { selectCalls, textOfValue, type ToolCallView } from "./read-tool-result";
import { compileStatelessRegex } from "./stateless-regex";
import type { ToolResultCheck } from "./world-check-schemas";

/**
 * A tool's result asked by regex or JSON path. With call "any" the answer is yes when one call's
 * result says so, no when every logged result says no, else n/a; a call with no logged result
 * (or, for a path, a result that is not JSON) answers n/a on its own.
 */
export function compileToolResultCheck(check: ToolResultCheck): CompiledCheck {
  const askOne = check.pattern !== undefined ? compilePatternAsk(check.pattern, check.flags) : compilePathAsk(check.path!, check.op ?? "exists", check.value);
  const which = check.call === "any" ? "" : `${check.call} `;
  return (view) => {
    const calls = selectCalls(view, check.tool, check.call);
    if (calls.length === 0) return { answer: "n/a", evidence: `${check.tool} never called` };
    const outcomes = calls.map((call): CheckOutcome => {
      if (!call.hasResult) return { answer: "n/a", evidence: `no result logged for ${check.tool} at steps[${call.index}]` };
      const { answer, evidence } = askOne(call);
      return { answer, evidence: `${which}${check.tool} result at steps[${call.index}]: ${evidence}` };
    });
    return outcomes.find((o) => o.answer === "yes") ?? outcomes.find((o) => o.answer === "no" && outcomes.every((x) => x.answer === "no")) ?? firstNa(outcomes);
  };
}

const firstNa = (outcomes: CheckOutcome[]) => outcomes.find((o) => o.answer === "n/a")!;

function compilePatternAsk(pattern: string, flags: string | undefined): (call: ToolCallView) => CheckOutcome {
  const regex = compileStatelessRegex(pattern, flags);
  return (call) => {
    const match = regex.exec(textOfValue(call.result));
    if (!match) return { answer: "no", evidence: `no match for /${pattern}/${flags ?? ""}` };
    const captured = match.length > 1 && match[1] !== undefined ? ` (captured "${clip(match[1])}")` : "";
    return { answer: "yes", evidence: `matched "${clip(match[0])}"${captured}` };
  };
}

function compilePathAsk(path: string, op: NonNullable<ToolResultCheck["op"]>, expected: unknown): (call: ToolCallView) => CheckOutcome {
  const segments = parseJsonPath(path);
  return (call) => {
    if (call.result === null || typeof call.result !== "object") return { answer: "n/a", evidence: `result is text, not JSON ("${clip(textOfValue(call.result))}")` };
    return answerJsonPath(call.result, { path, segments, op, expected });
  };
}
