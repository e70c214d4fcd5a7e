import type { ComposableCheck, RubricCheck } from "../checks/rubric-item-schema";
import type { ValueSource } from "../checks/world-check-schemas";

/** A check in words, for the question of an induced hack item (the check itself stays the truth). */
export function describeCheck(check: RubricCheck | ComposableCheck): string {
  switch (check.kind) {
    case "regex":
      return `the ${check.target === "final_reply" ? "final reply" : check.target === "system" ? "system prompt" : check.target.replace("_", " ")} matches /${check.pattern}/${check.flags ?? ""}`;
    case "tool_called":
    case "tool_not_called": {
      const argument = check.argument ? ` with the ${check.argument.path} ${check.argument.from ? `the ${check.argument.from.source === "final_reply" ? "reply" : "user"} names` : `"${String(check.argument.equals)}"`}` : "";
      return `${check.tool} is ${check.kind === "tool_called" ? "" : "not "}called${argument}`;
    }
    case "tool_order":
      return `${check.before} is called before ${check.after}`;
    case "step_count":
      return `the ${check.count.replace("_", " ")} count is within ${check.min ?? 0}..${check.max ?? "∞"}`;
    case "reply_length":
      return `the reply length in ${check.unit} is within ${check.min ?? 0}..${check.max ?? "∞"}`;
    case "json_path":
      return `the end state's ${check.path} is ${check.op}${check.value === undefined ? "" : ` ${JSON.stringify(check.value)}`}`;
    case "tool_result": {
      const which = check.call === "any" ? "a" : `the ${check.call}`;
      const test = check.pattern !== undefined ? `matches /${check.pattern}/${check.flags ?? ""}` : `has ${check.path} ${check.op ?? "exists"}${check.value === undefined ? "" : ` ${JSON.stringify(check.value)}`}`;
      return `${which} ${check.tool} result ${test}`;
    }
    case "value_carried": {
      const source = `the ${check.from.tool} ${check.from.read} ${check.from.path ?? `/${check.from.pattern ?? ""}/`}`;
      return check.to.target === "tool_argument" ? `${source} equals ${check.to.tool}'s ${check.to.path}` : `the reply names ${source}`;
    }
    case "value_compared":
      return `${describeSource(check.left)} ${check.op.replaceAll("_", " ")} ${describeSource(check.right)}`;
    case "implies":
      return `when ${describeCheck(check.when)}, ${describeCheck(check.then)}`;
    case "not":
      return `not (${describeCheck(check.check)})`;
    case "all":
    case "any":
      return check.checks.map((part) => (part.kind === "all" || part.kind === "any" ? `(${describeCheck(part)})` : describeCheck(part))).join(check.kind === "all" ? " and " : " or ");
    case "llm":
      return check.prompt;
  }
}

function describeSource(source: ValueSource): string {
  const at = source.path ?? (source.pattern !== undefined ? `/${source.pattern}/` : "");
  if (source.read === "tool_result" || source.read === "tool_arguments") return `the ${source.tool} ${source.read === "tool_result" ? "result" : "arguments"} ${at}`;
  const text = source.read === "final_reply" ? "the final reply" : source.read === "system" ? "the system prompt" : "the user's messages";
  return at ? `${text} ${at}` : text;
}
