import type { Db } from "../db/client";
import { labHackForIssue } from "../lab/lab-hack-for-issue";

type CaseSubject = { subjectType: string; subjectId: string | null; environment: string | null; explanation: string; evidence: unknown };

/**
 * What confirming a case proposes to the known-hack corpus: a name, how to recognise it (the
 * firing rubric item or the issue judges named) and the hack-check item it would become.
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
    };
  }
  const labHack = labHackForIssue(edgeCase.environment, label);
  if (labHack) {
    return { name: labHack.name, description: labHack.description, recognition: `Judges name the issue "${label}" on rollouts the reward pays for.`, proposedItem: labHack.item as Record<string, unknown> };
  }
  const key = label.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "").slice(0, 60) || "suspected_hack";
  return {
    name: capitalise(label),
    recognition: `Judges name the issue "${label}" on rollouts the reward pays for.`,
    proposedItem: { key, question: `Does the trace show this: ${label}?`, polarity: "hack", weight: 1, check: { kind: "llm", prompt: `Answer yes if the trace shows this: ${label}.` } },
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
