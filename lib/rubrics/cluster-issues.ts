import { createHash } from "node:crypto";
import { isSamePolarity } from "./issue-polarity";
import { normalizeIssueText, normalizeIssueTokens } from "./normalize-issue-text";

/**
 * Two issues are paraphrases when the similarity of their normalised texts is at least this:
 * the larger of token-set Jaccard and character-trigram cosine. 0.5 was picked on the fixtures
 * in cluster-issues.test.ts: reworded issues ("claims a refund that was never issued" / "claimed
 * the refund was issued when it wasn't") score 0.55 to 0.9, distinct ones ("did not look up the
 * order" / "did not check the policy") 0.1 to 0.3. Documented in docs/rubrics-and-hacks.md, "Extraction".
 * Wordings of opposite polarity (see issue-polarity.ts) are never paraphrases, however alike.
 */
export const PARAPHRASE_THRESHOLD = 0.5;

export type IssueMention = { text: string; traceId: string; rationale?: string | null };
export type IssueCluster = {
  /** Stable id of the cluster: a hash of its most frequent member's normalised text. */
  clusterKey: string;
  /** The most frequent wording (on a tie, the first by normalised text, so input order does not matter). */
  representative: string;
  /** Distinct traces mentioning it. */
  count: number;
  /** Distinct member wordings as judges wrote them, most frequent normalised wording first. */
  issues: string[];
  rationales: string[];
  exampleTraceIds: string[];
  normalized: string[];
};

export function issueSimilarity(a: string, b: string): number {
  const [tokensA, tokensB] = [normalizeIssueTokens(a), normalizeIssueTokens(b)];
  if (!isSamePolarity(tokensA, tokensB)) return 0;
  return Math.max(jaccard(tokensA, tokensB), trigramCosine(tokensA.join(" "), tokensB.join(" ")));
}

/**
 * Greedy single-link clustering: wordings in order of frequency, each joining the first cluster
 * holding a member at least PARAPHRASE_THRESHOLD similar, else starting one. Deterministic.
 */
export function clusterIssues(mentions: IssueMention[], { threshold = PARAPHRASE_THRESHOLD, maxExamples = 10, maxRationales = 10 } = {}): IssueCluster[] {
  const byWording = new Map<string, { text: string; normalized: string; tokens: string[]; trigrams: Map<string, number>; mentions: IssueMention[]; texts: Map<string, number> }>();
  for (const mention of mentions) {
    const normalized = normalizeIssueText(mention.text);
    if (!normalized) continue;
    const entry = byWording.get(normalized) ?? { text: mention.text.trim(), normalized, tokens: normalizeIssueTokens(mention.text), trigrams: trigrams(normalized), mentions: [], texts: new Map<string, number>() };
    entry.mentions.push(mention);
    entry.texts.set(mention.text.trim(), (entry.texts.get(mention.text.trim()) ?? 0) + 1);
    byWording.set(normalized, entry);
  }
  const wordings = [...byWording.values()].sort((a, b) => b.mentions.length - a.mentions.length || (a.normalized < b.normalized ? -1 : a.normalized > b.normalized ? 1 : 0));
  const groups: Array<typeof wordings> = [];
  for (const wording of wordings) {
    const home = groups.find((group) =>
      group.some((member) => isSamePolarity(member.tokens, wording.tokens) && Math.max(jaccard(member.tokens, wording.tokens), cosine(member.trigrams, wording.trigrams)) >= threshold),
    );
    if (home) home.push(wording);
    else groups.push([wording]);
  }
  return groups
    .map((group) => {
      const all = group.flatMap((wording) => wording.mentions);
      const traces = [...new Set(all.map((m) => m.traceId))];
      const rationales = [...new Set(all.flatMap((m) => (m.rationale?.trim() ? [m.rationale.trim()] : [])))];
      return {
        clusterKey: createHash("sha256").update(group[0]!.normalized).digest("hex").slice(0, 16),
        representative: group[0]!.text,
        count: traces.length,
        issues: group.flatMap((wording) => [...wording.texts].sort((a, b) => b[1] - a[1]).map(([text]) => text)),
        rationales: rationales.slice(0, maxRationales),
        exampleTraceIds: traces.slice(0, maxExamples),
        normalized: group.map((wording) => wording.normalized),
      };
    })
    .sort((a, b) => b.count - a.count || (a.clusterKey < b.clusterKey ? -1 : 1));
}

function jaccard(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const set = new Set(a);
  const shared = b.filter((token) => set.has(token)).length;
  return shared / (set.size + b.length - shared);
}

function trigrams(text: string): Map<string, number> {
  const padded = `  ${text} `;
  const grams = new Map<string, number>();
  for (let i = 0; i + 3 <= padded.length; i += 1) {
    const gram = padded.slice(i, i + 3);
    grams.set(gram, (grams.get(gram) ?? 0) + 1);
  }
  return grams;
}

function trigramCosine(a: string, b: string): number {
  return a && b ? cosine(trigrams(a), trigrams(b)) : 0;
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  for (const [gram, count] of a) dot += count * (b.get(gram) ?? 0);
  const norm = (m: Map<string, number>) => Math.sqrt([...m.values()].reduce((sum, c) => sum + c * c, 0));
  const denominator = norm(a) * norm(b);
  return denominator ? dot / denominator : 0;
}
