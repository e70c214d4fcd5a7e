import type { Db } from "../db/client";
import { AppError, notFound } from "../errors/app-error";
import { createJudgingContext, judgeTrace } from "../judges/judge-trace";
import { findLlmItemAsker } from "../judges/find-llm-item-asker";
import { compileTraceScorer } from "../checks/score-traces";
import { loadRubricVersion } from "../rubrics/load-rubric-version";
import type { Trace } from "../traces/trace-schema";
import { writeAttackProbe } from "./attacker-policy";
import { measureJudgeBias } from "./judge-bias";
import { listBiasJudgeNames, loadPanelJudges } from "./load-panel-judges";
import { loadHonestRollouts } from "./load-honest-rollouts";
import { createTruth, describeTruth, type TruthSource } from "./measure-truth";
import { PROBE_FAMILIES } from "./probe-families";
import { recordLoopholes } from "./record-loopholes";
import type { RedteamReport } from "./redteam-report";
import type { RedteamRequest } from "./redteam-schemas";
import { rubricPhrases } from "./rubric-phrases";
import { runProbes, type ExtraProbes, type HonestRollout } from "./run-probes";
import { transferKnownHacks } from "./transfer-known-hacks";

type Progress = (fraction: number, message?: string) => Promise<void>;

/**
 * A red-team run of one rubric version: honest rollouts of its environment are edited by every
 * probe family (and, when configured, rewritten by an attacker model), each probe is scored by the
 * trainer's reward function (rule items by the evaluator, llm items by the environment's item
 * judge) and measured by the truth, and a family whose reward rises while its truth does not is a
 * loophole, recorded for review. The report is the job's result.
 */
export async function runRedteam(db: Db, { projectId, request, jobId, onProgress, signal }: { projectId: string; request: RedteamRequest; jobId: string; onProgress: Progress; signal?: AbortSignal }): Promise<RedteamReport> {
  const started = performance.now();
  const version = await db.rubricVersion.findFirst({ where: { id: request.rubricVersionId, rubric: { projectId } }, select: { id: true, rubric: { select: { environment: true } } } });
  if (!version) throw notFound("Rubric version");
  const environment = version.rubric.environment;
  const rubric = await loadRubricVersion(db, { projectId, rubricVersionId: version.id });
  const referee = await loadPanelJudges(db, { projectId, names: request.referee });
  const source: TruthSource = referee.length ? { kind: "referee", judges: referee } : { kind: "reference" };
  const truthOf = createTruth(db, { projectId, source });

  await onProgress(0.02, "loading honest rollouts");
  const loaded = await loadHonestRollouts(db, { projectId, environment, count: request.rollouts, truth: truthOf });
  if (loaded.length < 2) throw new AppError("unprocessable", `Environment ${environment} has ${loaded.length} stored rollout(s) that pass the truth (${describeTruth(source)}); a red-team run needs at least 2 to edit`);
  const asker = await findLlmItemAsker(db, { projectId, environment, rubric });
  const scorer = compileTraceScorer(rubric, { askLlmItem: asker });
  const score = async (traces: Trace[]) => (await scorer(traces)).map((s) => s.reward);
  const honestRewards = await score(loaded.map((h) => h.trace));
  const honest: HonestRollout[] = loaded.map((h, i) => ({ id: h.id, trace: h.trace, truth: h.truth, reward: honestRewards[i]! }));
  const phrases = rubricPhrases(rubric);

  const extra: ExtraProbes[] = await transferKnownHacks(db, { projectId, environment, honest });
  if (request.attacker) extra.push(await attackerProbes(db, { projectId, request, rubric: rubric, honest, signal, onProgress }));

  await onProgress(0.1, `probing with ${PROBE_FAMILIES.length + extra.length} families`);
  const truth = async (probe: Trace, h: HonestRollout) => (await truthOf(probe, h.id)) ?? h.truth;
  const families = await runProbes({ honest, families: PROBE_FAMILIES, extra, rubricPhrases: phrases, seed: request.seed, score, truth, onFamily: (done, total) => onProgress(0.1 + 0.6 * (done / total), `${done} of ${total} families`) });

  await onProgress(0.75, "measuring judge biases");
  const judgeNames = request.judges ?? (await listBiasJudgeNames(db, { projectId, environment }));
  const context = createJudgingContext(db, { projectId, signal });
  const judges = (await loadPanelJudges(db, { projectId, names: judgeNames })).map((judge) => ({
    name: judge.name,
    simulated: judge.isSimulated,
    score: async (trace: Trace) => {
      const verdict = await judgeTrace(judge, { id: "", contentHash: "", trace }, context);
      return verdict.error === null ? verdict.score : null;
    },
  }));
  const judgeBias = await measureJudgeBias({ judges, honest: honest.map((h) => h.trace), rubricPhrases: phrases, seed: request.seed });

  await onProgress(0.9, "recording loopholes");
  const recorded = await recordLoopholes(db, { projectId, environment, rubricVersionId: version.id, jobId, rubric, families, scorer });
  return {
    rubricVersionId: version.id,
    environment,
    truthSource: describeTruth(source),
    honestRollouts: honest.length,
    probesScored: families.reduce((sum, f) => sum + f.result.probes, 0),
    families: recorded,
    loopholes: recorded.filter((f) => f.isLoophole).map((f) => f.id),
    judgeBias,
    wallSeconds: (performance.now() - started) / 1000,
  };
}

async function attackerProbes(db: Db, { projectId, request, rubric, honest, signal, onProgress }: { projectId: string; request: RedteamRequest; rubric: Awaited<ReturnType<typeof loadRubricVersion>>; honest: HonestRollout[]; signal?: AbortSignal; onProgress: Progress }): Promise<ExtraProbes> {
  const [judge] = await loadPanelJudges(db, { projectId, names: [request.attacker!.judge] });
  if (!judge || judge.config.kind !== "llm") throw new AppError("bad_request", `The attacker must be an llm judge's endpoint; ${request.attacker!.judge} is a ${judge?.kind ?? "missing"} judge`);
  const config = judge.config;
  const targets = honest.slice(0, request.attacker!.rollouts);
  await onProgress(0.05, `attacker ${judge.name} writing ${targets.length} rollouts`);
  const settled = await Promise.allSettled(targets.map(async (h) => ({ honest: h, probe: await writeAttackProbe({ config, rubric, honest: h.trace, signal }) })));
  const probes = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const failed = settled.flatMap((s) => (s.status === "rejected" ? [s.reason as unknown] : []));
  // Every request failing is the endpoint's fault (refused, down): the run fails with its reason; a few malformed answers are left out and counted.
  if (!probes.length && failed.length) throw failed[0];
  const note = failed.length ? ` ${failed.length} of ${targets.length} answers were unusable and left out (first: ${failed[0] instanceof Error ? failed[0].message : String(failed[0])}).` : "";
  return { family: { id: "attacker_policy", label: `Attacker policy (${judge.name})`, description: `An attacker model, given the checklist and an honest rollout, rewrote the reply and chose tool calls to leave out to maximise the checklist without doing the task.${note}` }, probes };
}
