/**
 * Issue text reduced to what paraphrases share: lowercase, punctuation stripped, stopwords
 * dropped, and a light suffix stemmer (claims/claimed/claiming -> claim). Negation is part of the
 * key, bound to the word it negates: "not issued" becomes the token "not_issu", so "eligible
 * refund not issued" and "refund issued that the policy does not allow" share no negated word
 * and stay apart, while "never issued", "wasn't issued", "none was issued" and "without issuing"
 * all meet in "not_issu".
 */
const stopwords = new Set(
  "a an the and or but if then so of to in on at by for with from into onto about as is are was were be been being it its this that these those there their they them he she his her we our you your i me my do does did done has have had having can could would should will shall may might must very just also any some such than too up out over again which who whom what when where why how agent assistant reply response model user customer".split(" "),
);
const negations = new Set(["not", "no", "never", "none", "without", "nor", "cannot", "neither", "nothing"]);

export function normalizeIssueTokens(text: string): string[] {
  const words = text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/n't\b/g, " not")
    .replace(/[^a-z0-9\s]/g, " ")
    .split(/\s+/)
    .filter((word) => word && (negations.has(word) || !stopwords.has(word)));
  const tokens: string[] = [];
  let pending = false;
  for (const word of words) {
    if (negations.has(word)) {
      pending = true;
      continue;
    }
    tokens.push(pending ? `not_${stem(word)}` : stem(word));
    pending = false;
  }
  // A trailing negation ("issued when it wasn't") negates the word before it.
  if (pending && tokens.length) {
    const last = tokens.pop()!;
    tokens.push(last.startsWith("not_") ? last : `not_${last}`);
  } else if (pending) tokens.push("not");
  return [...new Set(tokens)];
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
