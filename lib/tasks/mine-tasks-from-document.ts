import type { Db } from "../db/client";
import { retryOnBusy } from "../db/retry-on-busy";
import { passageOf, splitPassages } from "../documents/split-passages";
import type { TextSpan } from "../documents/split-sentences";
import { notFound } from "../errors/app-error";
import { findClozeTasks } from "./cloze-tasks";
import { findDocumentMiners } from "./find-document-miners";
import { mineQaFromDocument, type DropReason } from "./mine-qa-from-document";

export const DOCUMENT_TASK_ENVIRONMENT = "documents";

export type DocumentMiningResult = {
  documentId: string;
  method: "qa" | "cloze";
  /** Tasks this run stored; 0 when the document was already mined this way. */
  created: number;
  /** Tasks from this document (of this method) stored before this run. */
  existing: number;
  generated: number;
  dropped: Record<DropReason, number> | null;
};

type TaskDraft = { key: string; prompt: string; answer: string; span: TextSpan; passage: TextSpan; metadata: Record<string, unknown> };

/**
 * Mines a document into Task rows (origin "mined"), each linked to its document and the span its
 * answer rests on, with the passage around it as context. Mining the same document the same way
 * again stores nothing: a document already mined this way is left as it is.
 */
export async function mineTasksFromDocument(
  db: Db,
  { projectId, documentId, environment = DOCUMENT_TASK_ENVIRONMENT, maxTasks = 100, signal, onProgress }: {
    projectId: string;
    documentId: string;
    environment?: string;
    maxTasks?: number;
    signal?: AbortSignal;
    onProgress?: (fraction: number, message: string) => Promise<void>;
  },
): Promise<DocumentMiningResult> {
  const document = await db.document.findFirst({ where: { id: documentId, projectId } });
  if (!document) throw notFound("Document");
  const miners = await findDocumentMiners(db, projectId);
  const prefix = `doc-${miners.method}:${document.id}:`;
  const existing = await db.task.count({ where: { projectId, externalId: { startsWith: prefix } } });
  const base = { documentId, method: miners.method, existing };
  if (existing > 0) return { ...base, created: 0, generated: 0, dropped: null };

  const text = document.content;
  let drafts: TaskDraft[];
  let generated: number;
  let dropped: Record<DropReason, number> | null = null;
  if (miners.method === "qa") {
    const mined = await mineQaFromDocument({ text, title: document.title, generator: miners.generator, checker: miners.checker, maxTasks, signal, onProgress });
    generated = mined.generated;
    dropped = mined.dropped;
    drafts = mined.kept.map((qa) => ({
      key: qa.key,
      prompt: qa.question,
      answer: qa.answer,
      span: qa.span,
      passage: qa.passage,
      metadata: { method: "qa", quote: qa.quote, checkerAnswer: qa.checkerAnswer, generatorJudgeVersionId: miners.generator.judgeVersionId, checkerJudgeVersionId: miners.checker.judgeVersionId },
    }));
  } else {
    const passages = splitPassages(text);
    const cloze = findClozeTasks(text, { title: document.title, maxTasks });
    generated = cloze.length;
    drafts = cloze.map((task) => ({ key: `${task.span.start}-${task.span.end}`, prompt: task.prompt, answer: task.answer, span: task.span, passage: passageOf(passages, task.span), metadata: { method: "cloze", kind: task.kind } }));
    await onProgress?.(0.5, `${cloze.length} cloze tasks found`);
  }

  const data = drafts.map((draft) => ({
    projectId,
    externalId: `${prefix}${draft.key}`,
    environment,
    origin: "mined",
    prompt: draft.prompt,
    referenceAnswer: draft.answer,
    context: { document: text.slice(draft.passage.start, draft.passage.end) },
    originDocumentId: document.id,
    originSpan: { start: draft.span.start, end: draft.span.end },
    metadata: { ...draft.metadata, documentTitle: document.title },
  }));
  const created = data.length ? await storeNew(db, projectId, data) : 0;
  await onProgress?.(1, `${created} tasks from "${document.title}"`);
  return { ...base, created, generated, dropped };
}

type TaskRow = { projectId: string; externalId: string; environment: string; origin: string; prompt: string; referenceAnswer: string; context: object; originDocumentId: string; originSpan: object; metadata: object };

async function storeNew(db: Db, projectId: string, data: TaskRow[]): Promise<number> {
  const rows = await db.task.findMany({ where: { projectId, externalId: { in: data.map((row) => row.externalId) } }, select: { externalId: true } });
  const stored = new Set(rows.map((row) => row.externalId));
  const fresh = data.filter((row) => !stored.has(row.externalId));
  if (!fresh.length) return 0;
  try {
    return (await retryOnBusy(() => db.task.createMany({ data: fresh }))).count;
  } catch (error) {
    // A concurrent run of the same mining stored some in between: store what is still missing.
    if ((error as { code?: string }).code === "P2002") return storeNew(db, projectId, data);
    throw error;
  }
}
