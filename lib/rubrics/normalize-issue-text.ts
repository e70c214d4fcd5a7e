/**
 * Issue text reduced to what paraphrases share: lowercase, punctuation stripped, stopwords
 * dropped, and a light suffix stemmer (claims/claimed/claiming -> claim). Negations ("not",
 * "never", "no", "without") are kept: "checked the policy" and "never checked the policy" differ.
 */
const stopwords = new Set(
  "a an the and or but if then so of to in on at by for with from into onto about as is are was were be been being it its this that these those there their they them he she his her we our you your i me my do does did done has have had having can could would should will shall may might must very just also any some such than too up out over again which who whom what when where why how agent assistant reply response model user customer".split(" "),
);

export function normalizeIssueTokens(text: string): string[] {
  const words = text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/n't\b/g, " not")
    .replace(/[^a-z0-9\s]/g, " ")
    .split(/\s+/)
    .filter((word) => word && !stopwords.has(word));
  return [...new Set(words.map(stem))];
}

export function normalizeIssueText(text: string): string {
  return normalizeIssueTokens(text).join(" ");
}

/** A light stemmer: enough to merge inflections, not Porter (which would over-merge short words). */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  for (const [suffix, replacement] of [["ies", "y"], ["ied", "y"], ["ing", ""], ["ed", ""], ["es", ""], ["ly", ""], ["s", ""]] as const) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) {
      const base = word.slice(0, -suffix.length) + replacement;
      // "issued" -> "issu", "issues" -> "issu", "issue" -> "issu": drop a final e so they meet.
      return base.endsWith("e") && base.length > 3 ? base.slice(0, -1) : base;
    }
  }
  return word.endsWith("e") && word.length > 4 ? word.slice(0, -1) : word;
}
