import type { TraceView } from "../checks/trace-view";

/** A tool argument whose values the replies name, and a pattern that captures such a value from a reply. */
export type CapturedArgument = { path: string; pattern: string; replies: number };

/**
 * Finds arguments (top-level, text) of tool calls whose value the trace's final reply repeats,
 * e.g. the order id a reply names, and generalises each value to the shape of such values
 * (ORD-12345 becomes `[A-Z]+-\d+`), so a check can compare "the id the reply names" with the
 * arguments of any tool. Ranked by how many replies name one; at most `limit`.
 */
export function mineCapturedArguments(views: TraceView[], { limit = 3 } = {}): CapturedArgument[] {
  const found = new Map<string, CapturedArgument>();
  for (const view of views) {
    const reply = view.finalReply?.toLowerCase();
    if (!reply) continue;
    const seen = new Set<string>();
    for (const call of view.toolCalls) {
      if (typeof call.arguments !== "object" || call.arguments === null || Array.isArray(call.arguments)) continue;
      for (const [path, value] of Object.entries(call.arguments as Record<string, unknown>)) {
        if (typeof value !== "string" || value.length < 3 || value.length > 40 || !/\d/.test(value) || !reply.includes(value.toLowerCase())) continue;
        const pattern = capturePattern(value);
        const key = `${path}\u0000${pattern}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const entry = found.get(key) ?? { path, pattern, replies: 0 };
        entry.replies += 1;
        found.set(key, entry);
      }
    }
  }
  return [...found.values()].sort((a, b) => b.replies - a.replies || a.path.localeCompare(b.path)).slice(0, limit);
}

/** The shape of an id as a regex with one capture group: runs of capitals, lowercase letters and digits, other characters as they are. */
export function capturePattern(value: string): string {
  const shape = value.replace(/[A-Z]+|[a-z]+|\d+|[^A-Za-z\d]/g, (run) =>
    /^[A-Z]/.test(run) ? "[A-Z]+" : /^[a-z]/.test(run) ? "[a-z]+" : /^\d/.test(run) ? "\\d+" : run.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
  );
  const edge = (c: string) => (/\w/.test(c) ? "\\b" : "");
  return `${edge(value[0]!)}(${shape})${edge(value.at(-1)!)}`;
}
