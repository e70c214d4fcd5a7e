import { createHash } from "node:crypto";
import { z } from "zod";
import type { Db } from "../db/client";
import { AppError, notFound } from "../errors/app-error";
import { hashTrace } from "../traces/hash-trace";
import type { Trace } from "../traces/trace-schema";
import { callLlmJson, type AnswerShape } from "./call-llm-judge";
import { costOf } from "./llm-cost";
import { llmJudgeConfigSchema } from "./llm-judge-config-schema";
import { parseStructuredReply } from "./llm-verdict-schema";
import { renderTraceForJudge } from "./render-judge-prompt";

export type ItemAnswer = { answer: "yes" | "no" | "n/a"; evidence: string };
export type ItemQuestionResult = ItemAnswer & { costUsd: number; tokensIn: number; tokensOut: number; cached: boolean };

const itemAnswerSchema = z.object({ answer: z.enum(["yes", "no", "n/a"]), evidence: z.string() });
const itemShape: AnswerShape<ItemAnswer> = {
  name: "record_answer",
  description: "Record the answer to the checklist question.",
  jsonSchema: {
    type: "object",
    properties: {
      answer: { type: "string", enum: ["yes", "no", "n/a"] },
      evidence: { type: "string", description: "the step or words of the trace the answer rests on" },
    },
    required: ["answer", "evidence"],
    additionalProperties: false,
  },
  parse: (value) => parseStructuredReply(value, itemAnswerSchema),
};

/**
 * The cache: answers by sha256(judge version, question, trace content hash), in this process, the
 * newest `cacheLimit` kept. Nothing is stored in the database (the rubric's ItemResult rows are the
 * record); a new process asks again. Concurrent asks of the same key share one request.
 */
const cacheLimit = 20_000;
const cache = new Map<string, Promise<ItemAnswer & { tokensIn: number; tokensOut: number; costUsd: number }>>();

export function itemQuestionCacheKey(judgeVersionId: string, question: string, contentHash: string): string {
  return createHash("sha256").update(`${judgeVersionId}\n${question}\n${contentHash}`).digest("hex");
}

/**
 * Asks an llm judge version one yes/no rubric question about a trace (its whole text, reasoning
 * included), through the judges' pipeline: the endpoint's concurrency limit, retries with backoff,
 * the timeout, cost from the config's prices. Throws on a failure that outlived its retries or a
 * malformed reply (never a silent answer); failures are not cached.
 */
export async function askItemQuestion(db: Db, { projectId, judgeVersionId, question, trace, signal }: { projectId: string; judgeVersionId: string; question: string; trace: Trace & { contentHash?: string }; signal?: AbortSignal }): Promise<ItemQuestionResult> {
  const key = itemQuestionCacheKey(judgeVersionId, question, trace.contentHash ?? hashTrace(trace));
  const hit = cache.get(key);
  if (hit) return { ...(await hit), costUsd: 0, tokensIn: 0, tokensOut: 0, cached: true };
  const version = await db.judgeVersion.findFirst({ where: { id: judgeVersionId, judge: { projectId } }, include: { judge: { select: { kind: true, name: true } } } });
  if (!version) throw notFound("Judge version");
  if (version.judge.kind !== "llm") throw new AppError("bad_request", `Judge "${version.judge.name}" is a ${version.judge.kind} judge; rubric questions need an llm judge`);
  const config = llmJudgeConfigSchema.parse({ ...(version.config as object), kind: "llm" });
  const asking = callLlmJson({ config, prompt: renderItemPrompt(question, trace), signal, shape: itemShape }).then(({ value, tokensIn, tokensOut }) => ({ ...value, tokensIn, tokensOut, costUsd: costOf(config, tokensIn, tokensOut) }));
  cache.set(key, asking);
  if (cache.size > cacheLimit) cache.delete(cache.keys().next().value!);
  try {
    return { ...(await asking), cached: false };
  } catch (error) {
    cache.delete(key);
    throw error;
  }
}

function renderItemPrompt(question: string, trace: Trace): string {
  return `You check one item of a rubric against an AI agent's trace. Read the whole trace, including tool calls, their results and the model's reasoning.

Question: ${question}

Answer "yes" if the trace shows it, "no" if it does not, "n/a" if the question does not apply to this trace. Give as evidence the step number and the words the answer rests on.

Trace:
${renderTraceForJudge(trace)}`;
}
