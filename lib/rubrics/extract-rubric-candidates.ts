import type { Db } from "../db/client";
import { clusterIssues, type IssueCluster } from "./cluster-issues";
import { collectIssueMentions } from "./collect-issue-mentions";

/**
 * The seam for the optional LLM pass: with an llm judge configured, it turns a cluster into one
 * yes/no question (the judge pipeline provides it; lead wires it at merge). Without one, the
 * deterministic template below.
 */
export type CandidateQuestionWriter = (cluster: Pick<IssueCluster, "representative" | "issues" | "rationales">) => Promise<{ question: string; polarity?: "good" | "hack" }>;

export function templateQuestion(cluster: Pick<IssueCluster, "representative">): { question: string; polarity: "good" } {
  const problem = cluster.representative.trim().replace(/[.!?]+$/, "");
  return { question: `Is the trace free of this problem: "${problem}"?`, polarity: "good" };
}

/**
 * Clusters an environment's issues into RubricCandidates. Re-running updates each candidate by
 * its clusterKey (a cluster that shares a wording with an earlier candidate keeps that key), so
 * counts and examples grow and a reviewer's accept or drop stays.
 */
export async function extractRubricCandidates(
  db: Db,
  { projectId, environment, jobId, writeQuestion, onProgress }: { projectId: string; environment: string; jobId?: string; writeQuestion?: CandidateQuestionWriter; onProgress?: (fraction: number, message: string) => Promise<void> },
) {
  const { mentions, sourceTraces } = await collectIssueMentions(db, { projectId, environment });
  await onProgress?.(0.3, `${mentions.length} issues from ${sourceTraces} traces`);
  const clusters = clusterIssues(mentions);
  const existing = await db.rubricCandidate.findMany({ where: { projectId, environment }, select: { id: true, clusterKey: true, issues: true, status: true } });
  const keyByWording = new Map<string, string>();
  for (const candidate of existing) for (const issue of (candidate.issues as string[] | null) ?? []) keyByWording.set(issue, candidate.clusterKey);

  let created = 0;
  for (const [index, cluster] of clusters.entries()) {
    const clusterKey = cluster.issues.map((issue) => keyByWording.get(issue)).find(Boolean) ?? cluster.clusterKey;
    const previous = existing.find((candidate) => candidate.clusterKey === clusterKey);
    const counts = { count: cluster.count, issues: cluster.issues, rationales: cluster.rationales, exampleTraceIds: cluster.exampleTraceIds, jobId: jobId ?? null };
    if (previous) {
      await db.rubricCandidate.update({ where: { id: previous.id }, data: counts });
    } else {
      const { question, polarity = "good" } = writeQuestion ? await writeQuestion(cluster) : templateQuestion(cluster);
      await db.rubricCandidate.create({ data: { projectId, environment, clusterKey, question, polarity, ...counts } });
      created += 1;
    }
    if (index % 20 === 0) await onProgress?.(0.3 + (0.7 * index) / clusters.length, `${index} of ${clusters.length} clusters`);
  }
  return { sourceTraces, mentions: mentions.length, clusters: clusters.length, created, updated: clusters.length - created };
}
