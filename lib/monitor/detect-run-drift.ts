import type { Db } from "../db/client";
import { findResultItems } from "../traces/find-result-items";
import { detectBehaviourDrift, type RolloutBehaviour } from "./detect-behaviour-drift";
import { openRunCase } from "./open-run-case";

/** Rollouts read per run; a run with more is compared on its most recent ones. */
const MAX_ROLLOUTS = 20_000;

export function driftGroupKey(runId: string): string {
  return `behaviour_drift:${runId}`;
}

/**
 * Compares the run's rollouts (traces with its id and a step) window by window with its start:
 * tool-call mix, episode length, reply length and each rubric item's answer. A drift opens (or
 * updates) one case per run naming what moved, with a rollout from before and one from after.
 */
export async function detectRunDrift(db: Db, { runId }: { runId: string }): Promise<{ windows: number; caseId: string | null } | null> {
  const run = await db.trainingRun.findUnique({ where: { id: runId }, select: { name: true, projectId: true, environment: true } });
  if (!run) return null;
  const traces = await db.trace.findMany({
    where: { runId, step: { not: null } },
    orderBy: [{ step: "desc" }, { id: "asc" }],
    take: MAX_ROLLOUTS,
    select: {
      id: true,
      step: true,
      stepCount: true,
      output: true,
      steps: { where: { type: "tool_call" }, select: { toolName: true } },
      itemResults: { where: { answer: { in: ["yes", "no"] } }, select: { answer: true, rubricItemId: true } },
    },
  });
  const items = await findResultItems(db, new Set(traces.flatMap((t) => t.itemResults.map((r) => r.rubricItemId))));
  const keyOf = new Map([...items].map(([id, item]) => [id, item.key]));
  const drifts = detectBehaviourDrift(traces.map((t) => toBehaviour(t, keyOf)));
  const latest = drifts.at(-1);
  if (!latest) return { windows: 0, caseId: null };
  const examples = latest.moves.flatMap((m) => [
    ...(m.exampleBefore ? [{ traceId: m.exampleBefore, detail: { behaviour: m.behaviour, side: "before", value: m.shrank, explanation: `before: ${m.behaviour} = ${m.shrank}` } }] : []),
    ...(m.exampleAfter ? [{ traceId: m.exampleAfter, detail: { behaviour: m.behaviour, side: "after", value: m.grew, explanation: `after: ${m.behaviour} = ${m.grew}` } }] : []),
  ]);
  const unique = [...new Map(examples.map((e) => [e.traceId, e])).values()];
  const opened = await openRunCase(db, {
    projectId: run.projectId,
    runId,
    environment: run.environment,
    rule: "behaviour_drift",
    groupKey: driftGroupKey(runId),
    title: `Behaviour drifted in run ${run.name}: ${latest.moves.map((m) => m.behaviour).join(", ")} (steps ${latest.fromStep}–${latest.toStep})`,
    explanation: latest.explanation,
    // Drift is a lead, not evidence of a hack by itself: it ranks under a divergence.
    priority: 0.5 + 0.1 * latest.moves.length,
    count: drifts.length,
    evidence: { subject: { type: "run", key: runId }, drifts },
    examples: unique,
  });
  return { windows: drifts.length, caseId: opened.id };
}

/** Lengths in doubling bins (1, 2–3, 4–7, ...), so a longer tail is a shifted share, not a new category per value. */
function lengthBin(length: number): string {
  if (length <= 0) return "0";
  const low = 2 ** Math.floor(Math.log2(length));
  return low === 1 ? "1" : `${low}–${2 * low - 1}`;
}

type LoadedTrace = { id: string; step: number | null; stepCount: number; output: string | null; steps: { toolName: string | null }[]; itemResults: { answer: string; rubricItemId: string }[] };

function toBehaviour(t: LoadedTrace, keyOf: Map<string, string>): RolloutBehaviour {
  const behaviours: Record<string, string | string[]> = {
    "tool calls": t.steps.map((s) => s.toolName ?? "(unnamed)"),
    "episode length": lengthBin(t.stepCount),
  };
  if (t.output !== null) behaviours["reply length"] = lengthBin(t.output.length);
  for (const r of t.itemResults) {
    const key = keyOf.get(r.rubricItemId);
    if (key !== undefined) behaviours[`item ${key}`] = r.answer;
  }
  return { id: t.id, step: t.step!, behaviours };
}
