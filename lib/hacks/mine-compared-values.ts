import { compileCheck } from "../checks/compile-check";
import type { ComposableCheck } from "../checks/rubric-item-schema";
import type { TraceView } from "../checks/trace-view";
import type { ValueSource } from "../checks/world-check-schemas";
import { isStatement } from "./policy-statement";

export type Comparison = ComposableCheck & { kind: "value_compared" };

type Source = { key: string; source: ValueSource; unit?: string };

const NUMBER = "(\\d[\\d,]*(?:\\.\\d+)?)";
const maxCategoryLength = 40;

/**
 * value_compared rules: what the world stated in one place held against what it stated in another,
 * wherever it stated it. A number a tool returned or was called with, or a number a text states
 * after a word ("within 30 days" in a policy given as the system prompt, "delivered 41 days ago"
 * in the user's message), compared with each other (greater than) when they are of one unit or show none
 * (a dollar amount never against a number of days), in the direction that puts a stated bound's own
 * number on the side its word allows (see boundSide); and a word a tool returned
 * (an order's condition) named or not named in the system prompt or the user's messages. Only
 * sources present in at least `minExampleShare` of the examples; at most `limit` rules, those whose
 * answer separates the examples from the honest traces most first (their negations are the search's).
 */
export function mineComparedValues(
  examples: TraceView[],
  honest: TraceView[],
  { limit = 40, minExampleShare = 0.1, comparisons }: { limit?: number; minExampleShare?: number; comparisons?: Comparison[] } = {},
): ComposableCheck[] {
  const rules = comparisons ?? allComparisons(examples, honest, minExampleShare);
  const separation = (rule: ComposableCheck) => {
    const compiled = compileCheck(rule);
    const share = (views: TraceView[]) => (views.length ? views.filter((view) => compiled(view).answer === "yes").length / views.length : 0);
    const [inExamples, inHonest] = [share(examples), share(honest)];
    return inExamples > 0 ? Math.abs(inExamples - inHonest) : -1;
  };
  return rules
    .map((rule, order) => ({ rule, order, score: separation(rule) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map((r) => r.rule);
}

/**
 * Every comparison mineComparedValues chooses from, before it keeps those that separate the sets: a
 * clause the examples never broke ("must be ..." when every example broke only "over $N") is here too.
 */
export function allComparisons(examples: TraceView[], honest: TraceView[], minExampleShare = 0.1): Comparison[] {
  const numbers = frequent(examples, numberSources, minExampleShare);
  const words = frequent(examples, wordSources, minExampleShare);
  // Days are never held against dollars: a number is compared only with numbers of its unit, where both show one.
  const units = unitsOf([...examples, ...honest]);
  const isOtherUnit = (a: Source, b: Source) => units.has(a.key) && units.has(b.key) && units.get(a.key) !== units.get(b.key);
  const rules: Comparison[] = [];
  for (const left of numbers)
    for (const right of numbers)
      if (left.key !== right.key && !isSameCall(left.source, right.source) && !isOtherUnit(left, right) && !reachesTheBound(left.source, right.source))
        rules.push({ kind: "value_compared", left: left.source, op: "gt", right: right.source });
  const all = [...examples, ...honest];
  for (const word of words) {
    const values = valuesOf(all, word.source);
    const clauses = frequent(examples, (view) => clauseSources(view, values), minExampleShare);
    for (const clause of clauses) {
      rules.push({ kind: "value_compared", left: word.source, op: "named_in", right: clause.source });
      rules.push({ kind: "value_compared", left: word.source, op: "not_named_in", right: clause.source });
    }
  }
  return rules;
}

// The word before a stated number says on which side of the bound the number itself lies: "within 14
// days" allows the 14th day and "over $250" does not reach $250, so both end at most at their number;
// "under $50" and "at least 3 days" begin at it. Other words say nothing, and both directions stay.
const atMostWords = new Set(["within", "over", "above", "exceeding", "beyond", "most", "max", "maximum"]);
const atLeastWords = new Set(["under", "below", "least", "min", "minimum"]);

/** The side of a bound a policy states in words that its own number lies on ("within 14": at most 14), where its word says. */
function boundSide(source: ValueSource): "at_most" | "at_least" | undefined {
  if (!isStatement(source) || source.pattern === undefined) return undefined;
  const word = source.pattern.match(/^\\b([a-z]+)\\s\+/)?.[1];
  return word && atMostWords.has(word) ? "at_most" : word && atLeastWords.has(word) ? "at_least" : undefined;
}

/**
 * `left > right` whose firing or whose negation's firing includes the stated number itself, on the
 * side of the bound its word allows: "within 14" over the days fires on 13 days, and its negation on the
 * 14th day, which the policy allows ("delivered 14 days ago" over "within 14" is the clause it states).
 * Between a statement and a fact only; two statements, or a fact and a word that says nothing, keep both directions.
 */
function reachesTheBound(left: ValueSource, right: ValueSource): boolean {
  const [leftSide, rightSide] = [boundSide(left), boundSide(right)];
  if (leftSide && rightSide) return false;
  return leftSide === "at_most" || rightSide === "at_least";
}

/**
 * The unit each number source is written with, where the traces show one: the currency sign before a
 * number a text states or the word after it ("$250", "45 days"), and for a number a tool returned or
 * was called with, how that same value is written in the trace's texts ("$138.49" in the customer's
 * message for an order's amount). The unit seen most often; none when the value is never written with one.
 */
function unitsOf(views: TraceView[]): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const view of views)
    for (const { key, unit } of numberSources(view, true)) {
      if (!unit) continue;
      const byUnit = counts.get(key) ?? new Map<string, number>();
      byUnit.set(unit, (byUnit.get(unit) ?? 0) + 1);
      counts.set(key, byUnit);
    }
  return new Map([...counts].map(([key, byUnit]) => [key, [...byUnit].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0]]));
}

const unitAfter = (text: string) => text.match(/^ +([A-Za-z]+)/)?.[1]?.toLowerCase().replace(/s$/, "");

/** The unit a number is written with somewhere in the trace's texts: a currency sign before it, or the word after it. */
function writtenUnit(view: TraceView, value: number): string | undefined {
  const texts = [...view.systemTexts, ...view.userTexts, ...view.assistantTexts].map((t) => t.text);
  const forms = [...new Set([String(value), value.toFixed(2)])].map((f) => f.replace(/\./g, "\\."));
  const pattern = new RegExp(`(?<![\\d.])([$€£]?)(?:${forms.join("|")})(?![\\d])`, "g");
  for (const text of texts)
    for (const match of text.matchAll(pattern)) {
      const unit = match[1] ? "money" : unitAfter(text.slice(match.index + match[0].length));
      if (unit) return unit;
    }
  return undefined;
}

// Two fields of one call (an order's amount and its id) are one fact, not a statement to hold against another.
const isSameCall = (a: ValueSource, b: ValueSource) => a.tool !== undefined && a.tool === b.tool && a.read === b.read;

function frequent(views: TraceView[], sourcesOf: (view: TraceView) => Source[], minShare: number): Source[] {
  const counts = new Map<string, Source & { n: number }>();
  for (const view of views) {
    const seen = new Map(sourcesOf(view).map((s) => [s.key, s]));
    for (const [key, source] of seen) {
      const entry = counts.get(key) ?? { ...source, n: 0 };
      entry.n += 1;
      counts.set(key, entry);
    }
  }
  return [...counts.values()].filter((c) => c.n >= minShare * views.length).sort((a, b) => b.n - a.n || a.key.localeCompare(b.key));
}

/** Top-level numeric fields of each tool's last call (result and arguments), and each number a text states right after a word. */
function numberSources(view: TraceView, withUnits = false): Source[] {
  const sources: Source[] = [];
  for (const call of view.toolCalls)
    for (const read of ["tool_result", "tool_arguments"] as const) {
      const value = read === "tool_result" ? call.result : call.arguments;
      if (typeof value !== "object" || value === null || Array.isArray(value)) continue;
      for (const [path, inner] of Object.entries(value))
        if (typeof inner === "number" && /^[A-Za-z_$][\w$]*$/.test(path))
          sources.push({ key: `${call.name}\u0000${read}\u0000${path}`, source: { read, tool: call.name, call: "last", path }, unit: withUnits ? writtenUnit(view, inner) : undefined });
    }
  for (const { key, at, text } of statedTexts(view))
    for (const match of text.matchAll(/\b([A-Za-z]{2,}) +([$€£]?)\d[\d,]*(?:\.\d+)?/g)) {
      const pattern = `\\b${match[1]!.toLowerCase()}\\s+${match[2] ? `\\${match[2]}` : ""}${NUMBER}`;
      const unit = match[2] ? "money" : withUnits ? unitAfter(text.slice(match.index + match[0].length)) : undefined;
      sources.push({ key: `${key}\u0000${pattern}`, source: { ...at, call: "last", pattern, flags: "i" }, unit });
    }
  return sources;
}

type StatedText = { key: string; at: Pick<ValueSource, "read" | "tool">; text: string };

/**
 * Each text that states something in words: the system prompt, the user's messages, and the text a
 * tool returned (a result that is text, or a sentence-long text field of a JSON result: a policy
 * service answering with the policy's wording). A tool's text is read from its last call's result,
 * whose regex source is that result's text as a check reads it (JSON results as their JSON).
 */
function statedTexts(view: TraceView): StatedText[] {
  const texts: StatedText[] = [
    ...view.systemTexts.map(({ text }) => ({ key: "system", at: { read: "system" as const }, text })),
    ...view.userTexts.map(({ text }) => ({ key: "user", at: { read: "user" as const }, text })),
  ];
  const lastCalls = new Map(view.toolCalls.filter((call) => call.hasResult).map((call) => [call.name, call]));
  for (const call of lastCalls.values()) {
    const at = { read: "tool_result" as const, tool: call.name };
    for (const text of sentencesOf(call.result)) texts.push({ key: `tool_result\u0000${call.name}`, at, text });
  }
  return texts;
}

/** The text of a result that is text, or of each top-level string field of a JSON result that reads as a sentence. */
function sentencesOf(result: unknown): string[] {
  if (typeof result === "string") return [result];
  if (typeof result !== "object" || result === null || Array.isArray(result)) return [];
  return Object.values(result).filter((value): value is string => typeof value === "string" && value.length > maxCategoryLength && /\s/.test(value));
}

/** Top-level word values of each tool's results (a status, a condition): categories, not ids or amounts. */
function wordSources(view: TraceView): Source[] {
  const sources: Source[] = [];
  for (const call of view.toolCalls) {
    if (typeof call.result !== "object" || call.result === null || Array.isArray(call.result)) continue;
    for (const [path, value] of Object.entries(call.result))
      if (typeof value === "string" && value.length <= maxCategoryLength && /^[A-Za-z][A-Za-z _-]*$/.test(value) && /^[A-Za-z_$][\w$]*$/.test(path))
        sources.push({ key: `${call.name}\u0000${path}`, source: { read: "tool_result", tool: call.name, call: "last", path } });
  }
  return sources;
}

/** Every value a word source takes across the traces (each condition an order was in). */
function valuesOf(views: TraceView[], source: ValueSource): Set<string> {
  const values = new Set<string>();
  for (const view of views) {
    const call = view.toolCalls.findLast((c) => c.name === source.tool);
    const value = call && typeof call.result === "object" && call.result !== null ? (call.result as Record<string, unknown>)[source.path!] : undefined;
    if (typeof value === "string") values.add(value.toLowerCase());
  }
  return values;
}

/**
 * The clauses of the system prompt and the user's messages that name a value the word takes ("The item
 * must be unopened or defective"), each read as a capture after its two words before the first value
 * named (`must be (...)`): "not named there" then means "not among what the text lists", and a text
 * that states no such clause (no policy given) answers n/a rather than "not named".
 */
function clauseSources(view: TraceView, values: Set<string>): Source[] {
  const sources: Source[] = [];
  for (const { key, at, text } of statedTexts(view))
    for (const clause of text.split(/[.;\n]/)) {
      const words = clause.toLowerCase().match(/[a-z][a-z'-]*/g) ?? [];
      const first = words.findIndex((word) => values.has(word));
      if (first < 2) continue;
      // In a JSON result a line break is the two characters \n, so the capture stops there too.
      const end = at.read === "tool_result" ? "(?:[^.;\\n\\\\]|\\\\(?!n))+" : "[^.;\\n]+";
      const pattern = `\\b${words[first - 2]}\\s+${words[first - 1]}\\s+(${end})`;
      sources.push({ key: `${key}\u0000${pattern}`, source: { ...at, call: "last", pattern, flags: "i" } });
    }
  return sources;
}
