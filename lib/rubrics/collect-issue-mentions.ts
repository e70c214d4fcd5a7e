import { z } from "zod";
import type { Db } from "../db/client";
import { consensusOf, type JudgeLabel } from "../judges/consensus";
import type { IssueMention } from "./cluster-issues";

const issuesSchema = z.array(z.string());
const pageSize = 500;

/**
 * The issue strings (and the rationales they came with) of an environment's traces that the
 * extraction learns from: traces the panel fails, traces it is split on (a pass and a fail vote),
 * and traces a human decided. Human notes count as issues too.
 */
export async function collectIssueMentions(db: Db, { projectId, environment }: { projectId: string; environment: string }) {
  const mentions: IssueMention[] = [];
  let sourceTraces = 0;
  for (let cursor: string | undefined; ; ) {
    const traces = await db.trace.findMany({
      where: { projectId, environment, OR: [{ verdicts: { some: {} } }, { humanLabels: { some: {} } }] },
      orderBy: { id: "asc" },
      take: pageSize,
      ...(cursor ? { skip: 1, cursor: { id: cursor } } : {}),
      select: {
        id: true,
        verdicts: { where: { error: null }, select: { label: true, score: true, rationale: true, issues: true } },
        humanLabels: { select: { label: true, note: true } },
      },
    });
    for (const trace of traces) {
      const consensus = consensusOf(trace.verdicts.map((v) => ({ label: toLabel(v.label), score: v.score })));
      const isDisputed = consensus.counts.pass > 0 && consensus.counts.fail > 0;
      const isHumanDecided = trace.humanLabels.length > 0;
      if (consensus.label !== "fail" && !isDisputed && !isHumanDecided) continue;
      sourceTraces += 1;
      for (const verdict of trace.verdicts) {
        const issues = issuesSchema.safeParse(verdict.issues);
        for (const text of issues.success ? issues.data : []) mentions.push({ text, traceId: trace.id, rationale: verdict.rationale });
      }
      for (const label of trace.humanLabels) if (label.note?.trim()) mentions.push({ text: label.note, traceId: trace.id, rationale: label.note });
    }
    if (traces.length < pageSize) break;
    cursor = traces.at(-1)!.id;
  }
  return { mentions, sourceTraces };
}

function toLabel(label: string): JudgeLabel {
  return label === "pass" || label === "fail" ? label : "unsure";
}
