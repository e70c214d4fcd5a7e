import { combineAnswers, negateAnswer } from "./combine-answers";
import { compileJsonPathCheck } from "./compile-json-path-check";
import { compileRegexCheck, compileReplyLengthCheck } from "./compile-text-checks";
import { compileToolResultCheck } from "./compile-tool-result-check";
import { compileValueCarriedCheck } from "./compile-value-carried-check";
import { compileValueComparedCheck } from "./compile-value-compared-check";
import { compileStepCountCheck, compileToolCalledCheck, compileToolOrderCheck } from "./compile-tool-checks";
import type { CompiledCheck } from "./compiled-check";
import type { ComposableCheck, RubricCheck } from "./rubric-item-schema";

export type { CheckOutcome, CompiledCheck } from "./compiled-check";

/**
 * Turns a check definition into a function of a trace view; regexes and paths are parsed here,
 * once, so a compiled check can run over many traces (and many candidate checks over one view).
 * The check must already be valid (parsed by rubricCheckSchema).
 */
export function compileCheck(check: RubricCheck | ComposableCheck): CompiledCheck {
  switch (check.kind) {
    case "regex":
      return compileRegexCheck(check);
    case "tool_called":
      return compileToolCalledCheck(check, false);
    case "tool_not_called":
      return compileToolCalledCheck(check, true);
    case "tool_order":
      return compileToolOrderCheck(check);
    case "step_count":
      return compileStepCountCheck(check);
    case "reply_length":
      return compileReplyLengthCheck(check);
    case "json_path":
      return compileJsonPathCheck(check.path, check.op, check.value);
    case "tool_result":
      return compileToolResultCheck(check);
    case "value_carried":
      return compileValueCarriedCheck(check);
    case "value_compared":
      return compileValueComparedCheck(check);
    case "implies":
      return compileImplication(compileCheck(check.when), compileCheck(check.then));
    case "all":
    case "any":
      return compileJunction(check.kind, check.checks.map(compileCheck));
    case "not": {
      const inner = compileCheck(check.check);
      return (view) => {
        const { answer, evidence } = inner(view);
        return { answer: negateAnswer(answer), evidence: `not: ${evidence}` };
      };
    }
    case "llm":
      return () => ({ answer: "n/a", evidence: "needs an llm judge" });
  }
}

/** The evidence is the part that decided: every part for a yes of `all` (a no of `any`), else the first decisive or n/a part. */
function compileJunction(kind: "all" | "any", parts: CompiledCheck[]): CompiledCheck {
  return (view) => {
    const outcomes = parts.map((part) => part(view));
    const answer = combineAnswers(kind, outcomes.map((o) => o.answer));
    const isUnanimous = (kind === "all" && answer === "yes") || (kind === "any" && answer === "no");
    if (isUnanimous) return { answer, evidence: outcomes.map((o) => o.evidence).join("; ") };
    return { answer, evidence: outcomes.find((o) => o.answer === answer)!.evidence };
  };
}

/** A condition: `then` decides when `when` holds; otherwise the rule did not apply (n/a), with the reason. */
function compileImplication(when: CompiledCheck, then: CompiledCheck): CompiledCheck {
  return (view) => {
    const condition = when(view);
    if (condition.answer !== "yes") return { answer: "n/a", evidence: `condition ${condition.answer === "no" ? "does not hold" : "unknown"}: ${condition.evidence}` };
    const outcome = then(view);
    return { answer: outcome.answer, evidence: `${condition.evidence}; then ${outcome.evidence}` };
  };
}
