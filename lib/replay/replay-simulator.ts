import { normalizeToolArguments } from "./normalize-tool-arguments";

/** One tool call as the origin trace recorded it. */
export type RecordedToolCall = { name: string; arguments: unknown; result: unknown; error?: string | null };

export type ReplayAnswer =
  | { unseen: false; tool: string; result: unknown; error: string | null; occurrence: number; recordedOccurrences: number }
  | { unseen: true; tool: string; arguments: unknown; message: string; recordedCallsOfTool: unknown[] };

export type ReplaySimulator = {
  /** Answers the next call of this rollout: the n-th time a call is made it gets the n-th recorded result. */
  call: (name: string, args: unknown) => ReplayAnswer;
  /** Answers a call given how many times the same call came before in the rollout (0 for the first). */
  answer: (name: string, args: unknown, occurrence: number) => ReplayAnswer;
};

/** An unseen answer lists at most this many recorded argument sets of the tool, to hint at what the world knows. */
const maxListed = 20;

const keyOf = (name: string, args: unknown) => `${name.trim()}\u0000${normalizeToolArguments(args)}`;

/**
 * A world that answers tool calls from the recorded results of a trace, keyed by tool name and
 * normalised arguments. A call made more often than it was recorded gets the last recorded result
 * again (the world did not change after it); a call never recorded gets an "unseen call" answer
 * naming the tool and arguments, never an invented result.
 */
export function createReplaySimulator(recorded: readonly RecordedToolCall[]): ReplaySimulator {
  const byKey = new Map<string, RecordedToolCall[]>();
  // Per tool, each distinct argument set once (by its normalised text), to list in unseen answers.
  const argumentsByTool = new Map<string, Map<string, unknown>>();
  for (const call of recorded) {
    const name = call.name.trim();
    const normalized = normalizeToolArguments(call.arguments);
    const key = `${name}\u0000${normalized}`;
    const calls = byKey.get(key);
    if (calls) calls.push(call);
    else byKey.set(key, [call]);
    const seen = argumentsByTool.get(name) ?? new Map<string, unknown>();
    if (!seen.has(normalized)) seen.set(normalized, JSON.parse(normalized) as unknown);
    argumentsByTool.set(name, seen);
  }

  const answer = (name: string, args: unknown, occurrence: number): ReplayAnswer => {
    const calls = byKey.get(keyOf(name, args));
    if (!calls) {
      const parsed = JSON.parse(normalizeToolArguments(args)) as unknown;
      return {
        unseen: true,
        tool: name,
        arguments: parsed,
        message: `unseen call: the origin trace has no recorded result for ${name} with arguments ${normalizeToolArguments(args)}`,
        recordedCallsOfTool: [...(argumentsByTool.get(name.trim())?.values() ?? [])].slice(0, maxListed),
      };
    }
    const call = calls[Math.min(occurrence, calls.length - 1)]!;
    return { unseen: false, tool: name, result: call.result, error: call.error ?? null, occurrence, recordedOccurrences: calls.length };
  };

  const made = new Map<string, number>();
  return {
    answer,
    call: (name, args) => {
      const key = keyOf(name, args);
      const occurrence = made.get(key) ?? 0;
      made.set(key, occurrence + 1);
      return answer(name, args, occurrence);
    },
  };
}
