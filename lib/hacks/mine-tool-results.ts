import type { ComposableCheck } from "../checks/rubric-item-schema";
import type { TraceView } from "../checks/trace-view";
import { phrasePattern, replyNgrams } from "./mine-reply-phrases";

type Counted = { rule: ComposableCheck; key: string };

const maxDepth = 2;
const maxCategoryLength = 40;

/**
 * Rules over what tools returned, frequent in the examples' traces and rarer in the honest ones:
 * a categorical value at a path of a JSON result (`eligible` equals false, `status` equals
 * "final_sale"), or a phrase of a plain-text result ("not eligible"). Numbers and ids are values,
 * not categories, and are left to value_carried. At most `limit`, most discriminating first.
 */
export function mineToolResults(examples: TraceView[], honest: TraceView[], { limit = 20, minExampleShare = 0.3 } = {}): ComposableCheck[] {
  const inExamples = countFacts(examples);
  const inHonest = countFacts(honest);
  const ranked: Array<{ rule: ComposableCheck; lift: number; key: string }> = [];
  for (const [key, { rule, n }] of inExamples) {
    const exampleShare = n / examples.length;
    const honestShare = honest.length ? (inHonest.get(key)?.n ?? 0) / honest.length : 0;
    if (exampleShare >= minExampleShare && exampleShare > honestShare) ranked.push({ rule, lift: exampleShare - honestShare, key });
  }
  return ranked
    .sort((a, b) => b.lift - a.lift || a.key.localeCompare(b.key))
    .slice(0, limit)
    .map((r) => r.rule);
}

/** Each trace counts a fact once: (tool, path, value) of a JSON result, or (tool, phrase) of a text result. */
function countFacts(views: TraceView[]): Map<string, { rule: ComposableCheck; n: number }> {
  const counts = new Map<string, { rule: ComposableCheck; n: number }>();
  for (const view of views) {
    const seen = new Map<string, ComposableCheck>();
    for (const call of view.toolCalls) {
      if (!call.hasResult) continue;
      for (const fact of factsOf(call.name, call.result)) seen.set(fact.key, fact.rule);
    }
    for (const [key, rule] of seen) {
      const entry = counts.get(key) ?? { rule, n: 0 };
      entry.n += 1;
      counts.set(key, entry);
    }
  }
  return counts;
}

function factsOf(tool: string, result: unknown): Counted[] {
  if (typeof result === "string") {
    return [...replyNgrams(result)]
      .filter((gram) => gram.split(" ").length >= 2)
      .map((gram) => ({ key: `${tool}\u0000~${gram}`, rule: { kind: "tool_result", tool, call: "any", pattern: phrasePattern(gram.split(" ")), flags: "i" } }));
  }
  const facts: Counted[] = [];
  const walk = (value: unknown, path: string[]) => {
    if (path.length > maxDepth) return;
    if (typeof value === "boolean" || (typeof value === "string" && value.length <= maxCategoryLength && !/\d/.test(value))) {
      const at = path.join(".");
      facts.push({ key: `${tool}\u0000${at}\u0000${JSON.stringify(value)}`, rule: { kind: "tool_result", tool, call: "any", path: at, op: "equals", value } });
      return;
    }
    if (typeof value === "object" && value !== null && !Array.isArray(value))
      for (const [name, inner] of Object.entries(value)) if (/^[A-Za-z_$][\w$-]*$/.test(name)) walk(inner, [...path, name]);
  };
  walk(result, []);
  return facts;
}

/**
 * value_carried rules: a scalar a tool returned under the same top-level name as a later tool's
 * argument (the amount looked up and the amount refunded), and each text or number argument of a
 * tool carried to the final reply. Their negations ("not carried") are what a search composes.
 */
export function mineCarriedValues(views: TraceView[], { limit = 12 } = {}): ComposableCheck[] {
  const pairs = new Map<string, ComposableCheck>();
  for (const view of views) {
    view.toolCalls.forEach((source, i) => {
      const later = view.toolCalls.slice(i + 1);
      if (source.hasResult && isObject(source.result))
        for (const [name, value] of Object.entries(source.result))
          for (const target of later)
            if (target.name !== source.name && isScalar(value) && isObject(target.arguments) && name in target.arguments)
              pairs.set(`${source.name}.${name}>${target.name}`, { kind: "value_carried", from: { tool: source.name, read: "result", call: "last", path: name }, to: { target: "tool_argument", tool: target.name, path: name } });
      if (isObject(source.arguments))
        for (const [name, value] of Object.entries(source.arguments))
          if ((typeof value === "number" || (typeof value === "string" && /\d/.test(value) && value.length <= 40)) && view.finalReply !== null)
            pairs.set(`${source.name}(${name})>reply`, { kind: "value_carried", from: { tool: source.name, read: "arguments", call: "last", path: name }, to: { target: "final_reply" } });
    });
  }
  return [...pairs.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .slice(0, limit)
    .map(([, rule]) => rule);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isScalar = (value: unknown) => typeof value === "string" || typeof value === "number" || typeof value === "boolean";
