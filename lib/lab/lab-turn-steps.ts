import type { Db } from "../db/client";
import { handleInduceHack } from "../hacks/induce-hack-job";
import { decideEdgeCases } from "../review/decide-edge-cases";
import { handleLabRun } from "./lab-run-job";
import type { LabRunConfigInput } from "./lab-run-config";
import { handleReviewLabRun } from "./review-lab-run-job";
import { startLabRun } from "./start-lab-run";

const noProgress = { reportProgress: async () => undefined };

/** A lab run trained in this process as its job would, and reviewed (its review cases found) when asked; its id. */
export async function trainLabRun(db: Db, { projectId, rubric, config, review }: { projectId: string; rubric: string; config: LabRunConfigInput; review: boolean }) {
  const { run, job } = await startLabRun(db, { projectId, rubric, config });
  await handleLabRun({ runId: run.id }, { db, jobId: job.id, signal: new AbortController().signal, ...noProgress });
  if (review) await handleReviewLabRun({ runId: run.id }, { db, ...noProgress });
  return run.id;
}

/**
 * The run's top open suspected-hack case whose title names the behaviour (the panel's issue strings
 * name it in several ways), confirmed as a reviewer would, with the hack its confirmation induced (as
 * the hacks.induce job would, in this process).
 */
export async function confirmTopCase(db: Db, { projectId, runId, titles, actor }: { projectId: string; runId: string; titles: RegExp; actor: { userId: string; label: string } }) {
  const cases = await db.edgeCase.findMany({
    where: { projectId, status: "open", kind: "suspected_hack", examples: { some: { trace: { runId } } } },
    orderBy: { priority: "desc" },
  });
  const top = cases.find((c) => titles.test(c.title));
  if (!top) throw new Error(`run ${runId} has no open case matching ${titles}`);
  const [decided] = await decideEdgeCases(db, { projectId, ids: [top.id], decision: "confirm_hack", reviewer: actor });
  const knownHackId = decided!.knownHackId!;
  await handleInduceHack({ knownHackId }, { db, attempt: 1, ...noProgress });
  return { top, hack: await db.knownHack.findUniqueOrThrow({ where: { id: knownHackId } }) };
}
