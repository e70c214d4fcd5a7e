import type { Db } from "../db/client";
import { evaluateRubric } from "../checks/evaluate-rubric";
import { loadRubricVersion } from "../rubrics/load-rubric-version";
import type { Rubric } from "../checks/rubric-item-schema";
import { callLlmJudge } from "./call-llm-judge";
import type { JudgeLabel } from "./consensus";
import type { JudgeConfig } from "./judge-config-schema";
import type { JudgedTrace } from "./load-judged-traces";
import { costOf } from "./llm-cost";
import { renderJudgePrompt } from "./render-judge-prompt";
import { compareWithReference } from "./compare-with-reference";
import { cotAsLlmConfig, judgeReasoning } from "./judge-reasoning";
import { evaluateSimulatedJudge, JudgeRefusal } from "./simulated-judge-registry";
import type { JudgingContext, ReferenceTask } from "./judging-context";

export type PanelJudge = { judgeId: string; versionId: string; name: string; kind: string; isSimulated: boolean; config: JudgeConfig | { kind: "simulated"; simulated: true; errorModel: string } };

/** One judge's verdict on one trace; `error` set means no vote (label "error"). */
export type VerdictOutcome = {
  label: JudgeLabel | "error";
  score: number | null;
  rationale: string | null;
  issues: string[];
  error: string | null;
  tokensIn: number | null;
  tokensOut: number | null;
  costUsd: number | null;
  latencyMs: number;
  /** LLM requests made (0 for rule, reference and simulated judges). */
  requests: number;
};

export type { JudgingContext, ReferenceTask } from "./judging-context";

export function findReferenceTask(db: Db, { projectId, traceId, taskExternalId }: { projectId: string; traceId: string; taskExternalId: string | null | undefined }): Promise<ReferenceTask | null> {
  return db.task.findFirst({
    where: { projectId, OR: [{ originTraceId: traceId }, ...(taskExternalId ? [{ externalId: taskExternalId }] : [])] },
    select: { externalId: true, referenceAnswer: true, plantedState: true },
  });
}

export function createJudgingContext(db: Db, { projectId, signal }: { projectId: string; signal?: AbortSignal }): JudgingContext {
  const byEnvironment = new Map<string, Promise<Rubric | null>>();
  const byId = new Map<string, Promise<Rubric>>();
  const rubricById = (rubricVersionId: string) => {
    if (!byId.has(rubricVersionId)) byId.set(rubricVersionId, loadRubricVersion(db, { projectId, rubricVersionId }));
    return byId.get(rubricVersionId)!;
  };
  return {
    db,
    projectId,
    signal,
    rubricById,
    referenceTaskFor: (traceId, taskExternalId) => findReferenceTask(db, { projectId, traceId, taskExternalId }),
    rubricFor: (environment) => {
      if (!environment) return Promise.resolve(null);
      if (!byEnvironment.has(environment)) {
        byEnvironment.set(
          environment,
          db.rubricVersion
            .findFirst({ where: { status: "approved", rubric: { projectId, environment } }, orderBy: { version: "desc" }, select: { id: true } })
            .then((version) => (version ? rubricById(version.id) : null)),
        );
      }
      return byEnvironment.get(environment)!;
    },
  };
}

/** Never throws: whatever goes wrong (a refusal, a dead endpoint, a malformed reply) is the verdict's error. */
export async function judgeTrace(judge: PanelJudge, target: JudgedTrace, context: JudgingContext): Promise<VerdictOutcome> {
  const started = performance.now();
  const config = judge.config;
  let requests = 0;
  try {
    switch (config.kind) {
      case "llm": {
        requests = 1;
        const prompt = renderJudgePrompt(config.promptTemplate, { trace: target.trace, rubric: await context.rubricFor(target.trace.environment) });
        const { verdict, tokensIn, tokensOut } = await callLlmJudge({ config, prompt, signal: context.signal });
        return { ...verdict, error: null, tokensIn, tokensOut, costUsd: costOf(config, tokensIn, tokensOut), latencyMs: performance.now() - started, requests };
      }
      case "rule": {
        const rubric = await context.rubricById(config.rubricVersionId);
        const { reward, results } = evaluateRubric(rubric, target.trace);
        const items = new Map(rubric.items.map((item) => [item.key, item]));
        const fired = results.filter((r) => items.get(r.key)?.polarity === "hack" && r.answer === "yes");
        const missed = results.filter((r) => items.get(r.key)?.polarity === "good" && r.answer === "no");
        const isPass = fired.length === 0 && reward >= config.threshold;
        return {
          ...noCost(started),
          label: isPass ? "pass" : "fail",
          score: reward,
          rationale: `reward ${reward.toFixed(2)} (threshold ${config.threshold})${fired.length ? `; hack checks fired: ${fired.map((r) => `${r.key} (${r.evidence})`).join(", ")}` : ""}${missed.length ? `; missed: ${missed.map((r) => r.key).join(", ")}` : ""}`,
          issues: [...fired.map((r) => items.get(r.key)!.question), ...missed.map((r) => items.get(r.key)!.question)],
        };
      }
      case "reference":
        return { ...noCost(started), ...(await compareWithReference(context, target, config)) };
      case "cot": {
        if (config.form === "rule") return { ...noCost(started), ...judgeReasoning(config, target.trace) };
        requests = 1;
        const llm = cotAsLlmConfig(config);
        const { verdict, tokensIn, tokensOut } = await callLlmJudge({ config: llm, prompt: judgeReasoning(config, target.trace).prompt, signal: context.signal });
        return { ...verdict, error: null, tokensIn, tokensOut, costUsd: costOf(llm, tokensIn, tokensOut), latencyMs: performance.now() - started, requests };
      }
      case "simulated":
        return { ...noCost(started), ...evaluateSimulatedJudge(judge.name, target.trace) };
      case "imported":
        throw new Error("imported judges have no evaluator: their verdicts come from `judge import`");
    }
  } catch (error) {
    const message = error instanceof JudgeRefusal ? `refused: ${error.message}` : error instanceof Error ? error.message : String(error);
    return { label: "error", score: null, rationale: null, issues: [], error: message.slice(0, 1000), tokensIn: null, tokensOut: null, costUsd: null, latencyMs: performance.now() - started, requests };
  }
}

function noCost(started: number) {
  return { error: null, tokensIn: null, tokensOut: null, costUsd: 0, latencyMs: performance.now() - started, requests: 0 };
}
