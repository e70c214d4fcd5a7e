import type { StepRole } from "../trace-schema";

const roleAliases: Record<string, StepRole> = {
  system: "system",
  developer: "system",
  user: "user",
  human: "user",
  assistant: "assistant",
  ai: "assistant",
  model: "assistant",
  tool: "tool",
  function: "tool",
  ipython: "tool",
};

/** The native role for a source's role name (OpenAI, LangChain, Gemini spellings), or null. */
export function normalizeRole(value: unknown): StepRole | null {
  return typeof value === "string" ? (roleAliases[value.toLowerCase()] ?? null) : null;
}

export const knownRoleNames = Object.keys(roleAliases);
