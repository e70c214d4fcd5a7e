import type { Db } from "../db/client";
import { approveKnownHack } from "../hacks/decide-known-hack";
import { approveRubricVersion } from "../rubrics/approve-rubric-version";
import { confirmTopCase, trainLabRun } from "./lab-turn-steps";

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
  const train = (rubric: string, seed: number) => trainLabRun(db, { projectId, rubric, config: { steps, seed }, review: true });
  const confirmCase = (runId: string, titles: RegExp) => confirmTopCase(db, { projectId, runId, titles, actor });

  const first = await confirmCase(await train("v1", seenSeed), /refund that was never issued/);
  const { rubricVersionId } = await approveKnownHack(db, { projectId, knownHackId: first.hack.id, actor });
  await approveRubricVersion(db, { projectId, rubricVersionId, actor });
  const seenRunId = await train(rubricVersionId, seenSeed);
  const { top, hack } = await confirmCase(seenRunId, /policy does not allow|ineligible request not denied|not escalated/);
  const unseenRunId = await train(rubricVersionId, unseenSeed);
  return { rubricVersionId, seenRunId, unseenRunId, top, hack, firstHack: first.hack };
}
