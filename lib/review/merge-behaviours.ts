import { issueSimilarity, PARAPHRASE_THRESHOLD } from "../rubrics/cluster-issues";
import { describeCase, type CaseExample, type GroupedCase } from "./group-flags";

/**
 * Two groups of flags are the same behaviour when most of their rollouts are shared: the Jaccard
 * overlap of their trace sets is at least one half, i.e. the shared rollouts are a majority of
 * the rollouts either group names. A small group wholly inside a large one stays apart: it may be
 * a second problem of a few of the same rollouts, and hiding it would lose it.
 */
export const SAME_BEHAVIOUR_OVERLAP = 0.5;

/** One reading of a behaviour: a rule and the wording (issue or hack check) it grouped by. */
export type Facet = { groupKey: string; rule: GroupedCase["rule"]; subject: GroupedCase["subject"]; count: number };

/** A case to decide: its strongest reading's rule and subject, every reading as evidence, the union of their rollouts. */
export type BehaviourCase = GroupedCase & { facets: Facet[] };

export function traceOverlap(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const id of a) if (b.has(id)) shared += 1;
  const union = a.size + b.size - shared;
  return union ? shared / union : 0;
}

/** The words a group is about, when it is about a behaviour: the issue judges named, or the hack check's question. */
function wordingOf(group: GroupedCase): string | null {
  return group.subject.type === "issue" || group.subject.type === "rubric_item" ? group.subject.label : null;
}

/**
 * Merges groups of one environment that are the same behaviour: their rollouts overlap (see
 * SAME_BEHAVIOUR_OVERLAP) or their wordings are paraphrases of the same polarity. Groups about
 * a judge (unsure, contradicted by reviewers) are about that judge, not a behaviour, and stay
 * alone. Single-link, deterministic: groups in priority order, the first is the case's face.
 */
export function mergeBehaviours(groups: GroupedCase[]): BehaviourCase[] {
  const parent = groups.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const traceSets = groups.map((g) => new Set(g.examples.map((e) => e.traceId)));
  const isBehaviour = (g: GroupedCase) => g.subject.type !== "judge";
  for (let i = 0; i < groups.length; i += 1) {
    for (let j = i + 1; j < groups.length; j += 1) {
      const [a, b] = [groups[i]!, groups[j]!];
      if (!isBehaviour(a) || !isBehaviour(b) || a.environment !== b.environment || find(i) === find(j)) continue;
      const [wordA, wordB] = [wordingOf(a), wordingOf(b)];
      const isParaphrase = wordA !== null && wordB !== null && issueSimilarity(wordA, wordB) >= PARAPHRASE_THRESHOLD;
      if (isParaphrase || traceOverlap(traceSets[i]!, traceSets[j]!) >= SAME_BEHAVIOUR_OVERLAP) parent[find(j)] = find(i);
    }
  }
  const members = new Map<number, GroupedCase[]>();
  groups.forEach((group, i) => members.set(find(i), [...(members.get(find(i)) ?? []), group]));
  return [...members.values()]
    .map((readings) => {
      const [face] = readings as [GroupedCase, ...GroupedCase[]];
      const examples = new Map<string, CaseExample>();
      for (const reading of readings) for (const example of reading.examples) if (!examples.has(example.traceId)) examples.set(example.traceId, example);
      const hasHack = readings.some((r) => r.kind === "suspected_hack");
      return {
        ...face,
        kind: hasHack ? "suspected_hack" : face.kind,
        examples: [...examples.values()],
        facets: readings.map((r) => ({ groupKey: r.groupKey, rule: r.rule, subject: r.subject, count: r.examples.length })),
      } satisfies BehaviourCase;
    })
    .sort((a, b) => describeCase(b).priority.priority - describeCase(a).priority.priority);
}

/** The readings of a merged case in words, for its explanation: "Also read as: ...". */
export function describeFacets(facets: Facet[]): string {
  if (facets.length < 2) return "";
  const shown = facets.map((f) => `${f.rule} ${f.subject.type === "none" ? "(no issue named)" : `"${f.subject.label}"`} on ${f.count}`);
  return ` One behaviour, ${facets.length} readings by rule and wording: ${shown.join("; ")}.`;
}
