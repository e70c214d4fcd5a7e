import { nestedRepetitionProblem } from "./nested-repetition";
import { compileStatelessRegex } from "./stateless-regex";

/**
 * What is wrong with a check's pattern and the capture group it takes, and at which of the two fields:
 * the engine's own words for a pattern that does not compile, a repetition of a repetition
 * (nested-repetition.ts), or a group past the pattern's last. Null when nothing is.
 */
export function patternIssue(pattern: string, flags: string | undefined, group?: number): { field: "pattern" | "group"; message: string } | null {
  try {
    const regex = compileStatelessRegex(pattern, flags);
    const nested = nestedRepetitionProblem(pattern, flags);
    if (nested) return { field: "pattern", message: nested };
    // An alternative that matches the empty string shows how many groups the pattern has.
    const groups = new RegExp(`${regex.source}|`, regex.flags).exec("")!.length - 1;
    return group !== undefined && group > groups ? { field: "group", message: `the pattern has ${groups} capture group${groups === 1 ? "" : "s"}` } : null;
  } catch (error) {
    return { field: "pattern", message: error instanceof Error ? error.message : String(error) };
  }
}
