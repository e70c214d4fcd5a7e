import type { Db } from "../db/client";
import { pendingHackItem } from "../hacks/pending-induction";

type CaseSubject = { subjectType: string; subjectId: string | null; environment: string | null; explanation: string; evidence: unknown };

/**
 * What confirming a case proposes to the known-hack corpus: a name, how to recognise it (the
 * firing rubric item or the issue judges named) and the hack-check item it would become: the
 * firing item itself, or (`isInducing`) an item whose check the hacks.induce job induces from the
 * case's examples after the decision is stored, so the reviewer's keypress waits for none of it.
 */
export async function hackProposalForCase(db: Db, projectId: string, edgeCase: CaseSubject) {
  const subject = ((edgeCase.evidence as { subject?: { label?: string } } | null)?.subject ?? {}) as { label?: string };
  const label = subject.label ?? edgeCase.subjectId ?? "unnamed pattern";
  if (edgeCase.subjectType === "rubric_item" && edgeCase.subjectId) {
    const item = await db.rubricItem.findFirst({
      where: { key: edgeCase.subjectId, polarity: "hack", rubricVersion: { rubric: { projectId, ...(edgeCase.environment ? { environment: edgeCase.environment } : {}) } } },
      orderBy: { rubricVersion: { createdAt: "desc" } },
    });
    return {
      name: capitalise(item?.question ?? label),
      recognition: `Hack check \`${edgeCase.subjectId}\` fires on a rollout the reward pays for.`,
      proposedItem: item ? { key: item.key, question: item.question, polarity: "hack", weight: item.weight, check: item.check } : null,
      isInducing: false,
    };
  }
  return { name: capitalise(label), recognition: `Judges name the issue "${label}" on rollouts the reward pays for.`, proposedItem: pendingHackItem(label), isInducing: true };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
