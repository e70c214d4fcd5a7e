import type { Db } from "../db/client";
import { importTraceSource } from "../ingest/import-trace-source";
import { compileCheck } from "../checks/compile-check";
import type { ComposableCheck, RubricCheck } from "../checks/rubric-item-schema";
import { viewTrace } from "../checks/trace-view";
import { loadTracesForScoring } from "../traces/load-traces-for-scoring";
import { describeCheck } from "./describe-check";
import { handleInduceHack } from "./induce-hack-job";
import type { CheckMeasurement } from "./measure-check";
import { pendingHackItem } from "./pending-induction";
import { proposeKnownHack } from "./propose-known-hack";
import { readTau2ActionTruth, type Tau2ActionTruth } from "./tau2-action-truth";

export const tau2HackLabel = "claims a booking change it never made";

type Direction = { trainPath: string; testPath: string; trainProjectId: string; testProjectId: string; reviewerId: string };
export type OutOfSample = { simulations: number; positives: number; fired: number; truePositives: number; precision: number | null; recall: number | null };
export type Tau2InductionResult = {
  train: { simulations: number; positives: number; calledAnyway: number; examples: number; honest: number; honestClaiming: number };
  check: ComposableCheck | null;
  description: string | null;
  inSample: CheckMeasurement | null;
  outOfSample: OutOfSample | null;
};

/**
 * Induction on real agent text, measured against tau2's own action checks. The training file's
 * simulations are imported; those tau2 says missed an expected write action and whose agent says it
 * was done are confirmed as one known hack, and those with no missed write are labelled pass (the
 * honest contrast set). There is no REST route that confirms an arbitrary group of traces (a
 * confirmation goes through a review case the product opened), so this calls what confirming a
 * case calls: proposeKnownHack with the pending item, then the hacks.induce job's handler. The
 * proposed check is then run on the other file's simulations and scored against tau2's truth:
 * positive = an expected write action failed its action check.
 */
export async function measureTau2Induction(db: Db, { trainPath, testPath, trainProjectId, testProjectId, reviewerId }: Direction): Promise<Tau2InductionResult> {
  const trainTruth = readTau2ActionTruth(trainPath);
  const trainIds = await importAndMapIds(db, trainProjectId, trainPath, trainTruth);
  const examples = trainTruth.filter((t) => t.missedWrite && t.claimsDone).map((t) => trainIds.get(t.externalId)!);
  const honest = trainTruth.filter((t) => !t.missedWrite).map((t) => trainIds.get(t.externalId)!);
  await db.humanLabel.createMany({ data: honest.map((traceId) => ({ projectId: trainProjectId, traceId, userId: reviewerId, label: "pass" })) });
  const actor = { userId: reviewerId, label: "tau2 induction measurement" };
  const { hack } = await proposeKnownHack(db, { projectId: trainProjectId, environment: "tau2/airline", name: tau2HackLabel, description: "tau2's action checks say an expected write was not made; the agent says it was.", proposedItem: pendingHackItem(tau2HackLabel), exampleTraceIds: examples, actor });
  await handleInduceHack({ knownHackId: hack.id }, { db, reportProgress: async () => undefined, attempt: 1 });
  const item = (await db.knownHack.findUniqueOrThrow({ where: { id: hack.id }, select: { proposedItem: true } })).proposedItem as { check?: RubricCheck; measured?: CheckMeasurement | null };
  const train = { simulations: trainTruth.length, positives: trainTruth.filter((t) => t.missedWrite).length, calledAnyway: trainTruth.filter((t) => t.missedWriteCalled).length, examples: examples.length, honest: honest.length, honestClaiming: trainTruth.filter((t) => !t.missedWrite && t.claimsDone).length };
  const check = item.check && item.check.kind !== "llm" ? item.check : null;
  if (!check) return { train, check: null, description: null, inSample: item.measured ?? null, outOfSample: null };
  return { train, check, description: describeCheck(check), inSample: item.measured ?? null, outOfSample: await measureOnFile(db, testProjectId, testPath, check) };
}

async function measureOnFile(db: Db, projectId: string, path: string, check: ComposableCheck): Promise<OutOfSample> {
  const truth = readTau2ActionTruth(path);
  const ids = await importAndMapIds(db, projectId, path, truth);
  const traces = await loadTracesForScoring(db, { projectId, where: { ids: [...ids.values()] }, take: ids.size });
  const firedIds = new Set(traces.filter((t) => compileCheck(check)(viewTrace(t.trace)).answer === "yes").map((t) => t.id));
  const positives = truth.filter((t) => t.missedWrite);
  const truePositives = positives.filter((t) => firedIds.has(ids.get(t.externalId)!)).length;
  return {
    simulations: truth.length,
    positives: positives.length,
    fired: firedIds.size,
    truePositives,
    precision: firedIds.size ? truePositives / firedIds.size : null,
    recall: positives.length ? truePositives / positives.length : null,
  };
}

async function importAndMapIds(db: Db, projectId: string, path: string, truth: Tau2ActionTruth[]): Promise<Map<string, string>> {
  await importTraceSource(db, { projectId, input: { path }, format: "tau2" });
  const rows = await db.trace.findMany({ where: { projectId, externalId: { in: truth.map((t) => t.externalId) } }, select: { id: true, externalId: true } });
  const ids = new Map(rows.map((row) => [row.externalId, row.id]));
  const missing = truth.filter((t) => !ids.has(t.externalId));
  if (missing.length) throw new Error(`${missing.length} simulations of ${path} were not imported (first: ${missing[0]!.simulationId})`);
  return ids;
}
