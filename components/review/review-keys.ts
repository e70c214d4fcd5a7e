import type { EdgeCaseDecision } from "@/lib/review/edge-case-schemas";

/** The queue's keys, shown by "?" and read by the key handler. */
export const decisionKeys: Record<string, EdgeCaseDecision> = { "1": "confirm_hack", "2": "false_alarm", "3": "judge_wrong", "4": "needs_discussion" };

export const decisionKeyOf = (decision: EdgeCaseDecision) => Object.keys(decisionKeys).find((key) => decisionKeys[key] === decision) ?? "";

export const keyHelp: [string, string][] = [
  ["j / k", "next / previous case"],
  ["1", "confirm hack (proposes a known hack with the examples)"],
  ["2", "false alarm"],
  ["3", "judge wrong (records a human label against the judge)"],
  ["4", "needs discussion"],
  ["Enter", "confirm a decision that labels more than 20 traces (or press its key again)"],
  ["u", "undo your last decision here, or the current decided case's (within a day)"],
  ["x", "select the case for a bulk decision"],
  ["e", "write a note on the case"],
  ["o", "open the case's first example trace"],
  ["?", "show these keys"],
  ["Esc", "close a dialog"],
];
