import type { Db } from "../db/client";
import { induceHackCheck } from "../hacks/induce-hack-check";

type CaseSubject = { subjectType: string; subjectId: string | null; environment: string | null; explanation: string; evidence: unknown };

/**
 * What confirming a case proposes to the known-hack corpus: a name, how to recognise it (the
 * firing rubric item or the issue judges named) and the hack-check item it would become: the
 * firing item itself, or a check induced from the case's examples.
 */
export async function hackProposalForCase(db: Db, projectId: string, edgeCase: CaseSubject, exampleTraceIds: string[]) {
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
    };
  }
  const proposedItem = await induceHackCheck(db, { projectId, environment: edgeCase.environment, label, exampleTraceIds });
  return { name: capitalise(label), recognition: `Judges name the issue "${label}" on rollouts the reward pays for.`, proposedItem: proposedItem as Record<string, unknown> };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
