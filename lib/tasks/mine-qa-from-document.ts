import { createHash } from "node:crypto";
import { z } from "zod";
import type { TextSpan } from "../documents/split-sentences";
import { splitPassages } from "../documents/split-passages";
import { callLlmJson, type AnswerShape, type LlmJsonCall } from "../judges/call-llm-judge";
import type { LlmJudgeConfig } from "../judges/judge-config-schema";
import { parseStructuredReply } from "../judges/llm-verdict-schema";
import { findQuoteSpan } from "./find-quote-span";

export type QaModel = { judgeVersionId: string; config: LlmJudgeConfig };
export type MinedQa = { key: string; question: string; answer: string; quote: string; span: TextSpan; passage: TextSpan; checkerAnswer: string };
export type DropReason = "unanswerable" | "quote_not_in_document" | "answer_not_supported";
export type QaMiningResult = { generated: number; kept: MinedQa[]; dropped: Record<DropReason, number> };

const generated = z.object({ questions: z.array(z.object({ question: z.string().min(1), answer: z.string().min(1) })) });
const generateShape: AnswerShape<z.infer<typeof generated>> = {
  name: "record_questions",
  description: "Record the questions written from the passage.",
  jsonSchema: {
    type: "object",
    properties: {
      questions: {
        type: "array",
        items: { type: "object", properties: { question: { type: "string" }, answer: { type: "string" } }, required: ["question", "answer"], additionalProperties: false },
      },
    },
    required: ["questions"],
    additionalProperties: false,
  },
  parse: (value) => parseStructuredReply(value, generated),
};

const checked = z.object({ answerable: z.boolean(), answer: z.string(), quote: z.string() });
const checkShape: AnswerShape<z.infer<typeof checked>> = {
  name: "record_check",
  description: "Record whether the document answers the question, the answer, and the quote it rests on.",
  jsonSchema: {
    type: "object",
    properties: {
      answerable: { type: "boolean" },
      answer: { type: "string" },
      quote: { type: "string", description: "the exact words of the document the answer rests on, copied verbatim" },
    },
    required: ["answerable", "answer", "quote"],
    additionalProperties: false,
  },
  parse: (value) => parseStructuredReply(value, checked),
};

/**
 * Question-answer tasks from a document with two models: the generator writes questions from each
 * passage, and the checker, shown the same passage, answers each with a quote. A question is kept
 * only when the checker can answer it, its quote is found verbatim in the document, and the
 * generated answer is in that quote or agrees with the checker's answer; every other is dropped and counted.
 * A failed or malformed model reply throws (the job retries), never a silent empty result.
 */
export async function mineQaFromDocument({ text, title, generator, checker, questionsPerPassage = 5, maxTasks = 100, signal, onProgress }: {
  text: string;
  title: string;
  generator: QaModel;
  checker: QaModel;
  questionsPerPassage?: number;
  maxTasks?: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number, message: string) => Promise<void>;
}): Promise<QaMiningResult> {
  const passages = splitPassages(text);
  const result: QaMiningResult = { generated: 0, kept: [], dropped: { unanswerable: 0, quote_not_in_document: 0, answer_not_supported: 0 } };
  const seen = new Set<string>();
  for (const [index, passage] of passages.entries()) {
    if (result.kept.length >= maxTasks) break;
    const passageText = text.slice(passage.start, passage.end);
    const { value } = await askCached(generator, generatePrompt(title, passageText, questionsPerPassage), generateShape, signal);
    const questions = value.questions.slice(0, questionsPerPassage).filter(({ question }) => !seen.has(normalize(question)));
    result.generated += questions.length;
    const checks = await Promise.all(
      questions.map(({ question }) => askCached(checker, checkPrompt(title, passageText, question), checkShape, signal)),
    );
    for (const [at, { question, answer }] of questions.entries()) {
      seen.add(normalize(question));
      const check = checks[at]!.value;
      const reason = dropReason(text, answer, check);
      if (reason) {
        result.dropped[reason]++;
        continue;
      }
      if (result.kept.length >= maxTasks) break;
      const span = findQuoteSpan(text, check.quote)!;
      const key = createHash("sha256").update(normalize(question)).digest("hex").slice(0, 16);
      result.kept.push({ key, question: question.trim(), answer: answer.trim(), quote: text.slice(span.start, span.end), span, passage, checkerAnswer: check.answer.trim() });
    }
    await onProgress?.((index + 1) / passages.length, `passage ${index + 1} of ${passages.length}: ${result.kept.length} kept, ${result.generated - result.kept.length} dropped`);
  }
  return result;
}

/**
 * Replies by sha256(judge version, prompt), in this process, the newest `cacheLimit` kept: a retry
 * of a job that failed on a later passage does not pay again for the passages before it. Failures are not cached.
 */
const cacheLimit = 5_000;
const cache = new Map<string, Promise<LlmJsonCall<unknown>>>();

function askCached<T>(model: QaModel, prompt: string, shape: AnswerShape<T>, signal?: AbortSignal): Promise<LlmJsonCall<T>> {
  const key = createHash("sha256").update(`${model.judgeVersionId}\n${shape.name}\n${prompt}`).digest("hex");
  const hit = cache.get(key);
  if (hit) return hit as Promise<LlmJsonCall<T>>;
  const asking = callLlmJson({ config: model.config, prompt, signal, shape });
  cache.set(key, asking);
  if (cache.size > cacheLimit) cache.delete(cache.keys().next().value!);
  asking.catch(() => cache.delete(key));
  return asking;
}

function dropReason(text: string, answer: string, check: z.infer<typeof checked>): DropReason | null {
  if (!check.answerable || check.answer.trim() === "") return "unanswerable";
  const span = findQuoteSpan(text, check.quote);
  if (!span) return "quote_not_in_document";
  const isInQuote = normalize(text.slice(span.start, span.end)).includes(normalize(answer));
  return isInQuote || answersAgree(answer, check.answer) ? null : "answer_not_supported";
}

/** Lower case, punctuation (but not decimal points or percent) and leading articles removed, spaces collapsed. */
function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/(?<!\d)[.,](?!\d)|[!?;:"“”‘’()[\]]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^(?:the|a|an) /, "");
}

function answersAgree(a: string, b: string): boolean {
  const [x, y] = [normalize(a), normalize(b)];
  return x !== "" && y !== "" && (x === y || x.includes(y) || y.includes(x));
}

function generatePrompt(title: string, passage: string, count: number): string {
  return `You write quiz questions from a document for training an AI assistant. Write up to ${count} questions that this passage answers on its own, each with a short answer taken from the passage (a name, number, date or phrase). Do not put the answer in the question.

Document: ${title}

Passage:
${passage}`;
}

function checkPrompt(title: string, passage: string, question: string): string {
  return `Answer the question from the passage of the document below, and nothing else. If the passage does not answer it, set answerable to false. Otherwise give a short answer and, as quote, the exact words of the passage that support it, copied verbatim.

Document: ${title}

Passage:
${passage}

Question: ${question}`;
}
