import type { Db } from "../db/client";
import { approveKnownHack } from "../hacks/decide-known-hack";
import { handleInduceHack } from "../hacks/induce-hack-job";
import { decideEdgeCases } from "../review/decide-edge-cases";
import { approveRubricVersion } from "../rubrics/approve-rubric-version";
import { handleLabRun } from "./lab-run-job";
import { handleReviewLabRun } from "./review-lab-run-job";
import { startLabRun } from "./start-lab-run";

const noProgress = { reportProgress: async () => undefined };

/**
 * The loop's second turn, run in this process as the jobs would: a v1 run of `seenSeed` is trained and
 * reviewed, its refund-claim case confirmed and the induced check approved into v2; a v2 run of the same
 * seed is trained and reviewed, and its over-refund case ("refund the policy does not allow") confirmed,
 * which induces the check to measure; then a v2 run of `unseenSeed`, the search never saw, is trained to
 * measure it on. The project must have the lab's rubrics (seedLabRubrics).
 */
export async function runSecondTurn(
  db: Db,
  { projectId, actor, seenSeed, unseenSeed, steps }: { projectId: string; actor: { userId: string; label: string }; seenSeed: number; unseenSeed: number; steps: number },
) {
  async function train(rubric: string, seed: number) {
    const { run, job } = await startLabRun(db, { projectId, rubric, config: { steps, seed } });
    await handleLabRun({ runId: run.id }, { db, jobId: job.id, signal: new AbortController().signal, ...noProgress });
    await handleReviewLabRun({ runId: run.id }, { db, ...noProgress });
    return run.id;
  }

  /** The run's top open case whose title names the behaviour (the panel's issue strings name it in several ways). */
  async function confirmCase(runId: string, titles: RegExp) {
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

  const first = await confirmCase(await train("v1", seenSeed), /refund that was never issued/);
  const { rubricVersionId } = await approveKnownHack(db, { projectId, knownHackId: first.hack.id, actor });
  await approveRubricVersion(db, { projectId, rubricVersionId, actor });
  const seenRunId = await train(rubricVersionId, seenSeed);
  const { top, hack } = await confirmCase(seenRunId, /policy does not allow|ineligible request not denied|not escalated/);
  const unseenRunId = await train(rubricVersionId, unseenSeed);
  return { rubricVersionId, seenRunId, unseenRunId, top, hack, firstHack: first.hack };
}
