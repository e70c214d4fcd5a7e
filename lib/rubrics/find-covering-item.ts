import { normalizeIssueTokens } from "./normalize-issue-text";

export type CoverableItem = { key: string; texts: string[] };

/**
 * The key of the rubric item that already asks what a candidate asks, or null. A wording is
 * covered when every word of it (after normalising, negations kept apart) is in the item's text:
 * its question, plus the known hack it came from or the issues it was extracted from. A candidate
 * is covered when at least half of its wordings are covered by the same item; a one-word wording
 * covers nothing (too little to tell).
 */
export function findCoveringItem(wordings: string[], items: CoverableItem[]): string | null {
  const candidates = wordings.map((wording) => normalizeIssueTokens(wording)).filter((tokens) => tokens.length >= 2);
  if (candidates.length === 0) return null;
  for (const item of items) {
    const vocabulary = new Set(item.texts.flatMap((text) => normalizeIssueTokens(text)));
    const covered = candidates.filter((tokens) => tokens.every((token) => vocabulary.has(token))).length;
    if (covered * 2 >= candidates.length) return item.key;
  }
  return null;
}
