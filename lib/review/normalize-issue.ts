/** Issue strings from judges, made comparable: lower case, digits as #, punctuation and extra spaces gone. */
export function normalizeIssue(issue: string): string {
  return issue
    .toLowerCase()
    .replace(/\d+(?:\.\d+)?/g, "#")
    .replace(/[^\p{L}\p{N}#\s]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The issue most judges that did not pass name (ties: the first seen); null when none names one. */
export function topIssueOf(verdicts: { label: string; issues: string[] }[]): { key: string; label: string; judges: number } | null {
  const counts = new Map<string, { label: string; judges: number }>();
  for (const verdict of verdicts) {
    if (verdict.label === "pass") continue;
    for (const key of new Set(verdict.issues.map(normalizeIssue).filter(Boolean))) {
      const entry = counts.get(key) ?? { label: verdict.issues.find((i) => normalizeIssue(i) === key) ?? key, judges: 0 };
      entry.judges += 1;
      counts.set(key, entry);
    }
  }
  let best: { key: string; label: string; judges: number } | null = null;
  for (const [key, entry] of counts) if (!best || entry.judges > best.judges) best = { key, ...entry };
  return best;
}
