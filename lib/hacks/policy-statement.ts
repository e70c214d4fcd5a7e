import type { ValueSource } from "../checks/world-check-schemas";

/** A statement of the policy in words: what the system prompt says, or what a tool returned as text (a policy service). */
export function isStatement(source: ValueSource): boolean {
  return source.read === "system" || (source.read === "tool_result" && source.pattern !== undefined);
}
