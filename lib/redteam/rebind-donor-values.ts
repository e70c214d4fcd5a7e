import type { Step, Trace } from "../traces/trace-schema";
import { toolCallsOf } from "./trace-edits";

type Leaf = string | number | boolean;

/** Every scalar of a value by its path; a JSON-string result (OpenAI's tool message content) is read as JSON. */
function leavesOf(value: unknown, path: string, into: Map<string, Leaf>) {
  if (typeof value === "string" && /^\s*[[{]/.test(value)) {
    try {
      return leavesOf(JSON.parse(value) as unknown, path, into);
    } catch {
      // plain text that starts like JSON: kept as text below
    }
  }
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") into.set(path, value);
  else if (Array.isArray(value)) value.forEach((v, i) => leavesOf(v, `${path}[${i}]`, into));
  else if (value && typeof value === "object") for (const [key, v] of Object.entries(value)) leavesOf(v, `${path}.${key}`, into);
  return into;
}

/** What each tool (first call) was given and returned, by `tool.arguments.path` / `tool.result.path`, with the tool's name; once per trace. */
const leavesByTrace = new WeakMap<Trace, Array<{ tool: string; path: string; value: Leaf }>>();
function lookupLeaves(trace: Trace): Array<{ tool: string; path: string; value: Leaf }> {
  const cached = leavesByTrace.get(trace);
  if (cached) return cached;
  const leaves: Array<{ tool: string; path: string; value: Leaf }> = [];
  const seen = new Set<string>();
  for (const { step } of toolCallsOf(trace)) {
    if (seen.has(step.name!)) continue;
    seen.add(step.name!);
    const of = new Map<string, Leaf>();
    leavesOf(step.arguments, `${step.name}.arguments`, of);
    leavesOf(step.result, `${step.name}.result`, of);
    for (const [path, value] of of) leaves.push({ tool: step.name!, path, value });
  }
  leavesByTrace.set(trace, leaves);
  return leaves;
}

function replaceLeaves(value: unknown, swap: Map<Leaf, Leaf>): unknown {
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return swap.has(value) ? swap.get(value) : value;
  if (Array.isArray(value)) return value.map((v) => replaceLeaves(v, swap));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceLeaves(v, swap)]));
  return value;
}

/** The ways a value is written in a reply: as is, and an amount with two decimals. */
function spellings(value: Leaf): string[] {
  return typeof value === "number" ? [...new Set([value.toFixed(2), String(value)])] : [String(value)];
}

/**
 * A donor's action and reply, rebound to this rollout: each argument of the donor's action calls
 * that repeats what one of the donor's lookups was given or returned (the order id it looked up,
 * the amount the order lookup returned) takes the value this rollout's same lookup has at the
 * same place, and the reply names the new values. The probe then acts on this rollout's own order,
 * so a check comparing the reply or the refund with the lookups cannot tell it from a real one by
 * the other customer's order number alone.
 */
export function rebindDonorValues(donor: Trace, honest: Trace, actionCalls: readonly Step[], reply: string): { calls: Step[]; reply: string } {
  const honestLeaves = new Map(lookupLeaves(honest).map(({ path, value }) => [path, value]));
  const swap = new Map<Leaf, Leaf>();
  for (const step of actionCalls) {
    for (const value of leavesOf(step.arguments, "", new Map()).values()) {
      const place = lookupLeaves(donor).find((leaf) => leaf.value === value && honestLeaves.has(leaf.path))?.path;
      if (place !== undefined && honestLeaves.get(place) !== value) swap.set(value, honestLeaves.get(place)!);
    }
  }
  let rebound = reply;
  for (const [from, to] of swap) {
    const spelled = spellings(from).find((s) => rebound.includes(s));
    if (spelled) rebound = rebound.split(spelled).join(typeof from === "number" && typeof to === "number" && spelled.includes(".") ? to.toFixed(2) : String(to));
  }
  return { calls: actionCalls.map((step) => ({ ...step, arguments: replaceLeaves(step.arguments, swap) })), reply: rebound };
}
