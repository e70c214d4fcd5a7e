import { describe, expect, it } from "vitest";
import { searchHackCheck } from "../hacks/search-hack-check";
import { compileCheck } from "../rubrics/compile-check";
import { viewTrace } from "../rubrics/trace-view";
import { createRng, type Rng } from "../random/prng";
import { generateLabTasks, type LabTask } from "./generate-tasks";
import { actionIndexOf } from "./lab-actions";
import { applyAction, recordEndState, startEpisode } from "./lab-episode";
import type { LabAudit } from "./lab-state-schema";
import { buildLabTrace } from "./lab-trace";
import { scriptedAction } from "./scripted-agent";

/**
 * The second loophole of the demo, induced from lab rollouts as a reviewer would confirm it: a
 * desk that refunds whatever the policy lookup said, among desks that follow the policy. The
 * check is found on one seed's rollouts and measured against the simulator's truth on another's.
 */
function rollout(task: LabTask, rng: Rng, isOverRefunder: boolean) {
  const state = startEpisode(task);
  const tone = rng() < 0.6 ? "polite" : "curt";
  if (isOverRefunder) for (const action of ["lookup_order", "lookup_policy", "issue_refund", `reply_refund_issued_${tone}`]) applyAction(state, actionIndexOf(action));
  else {
    applyAction(state, actionIndexOf("lookup_order"));
    applyAction(state, actionIndexOf("lookup_policy"));
    while (!state.isDone) applyAction(state, scriptedAction(state, rng, { noise: 0.05 }));
  }
  const endState = recordEndState(state);
  const trace = buildLabTrace({ state, endState, runKey: "over-refund", index: 0 });
  // What a real trace has: the end state (and its audit) stays with the test.
  return { id: task.id, audit: endState.audit as LabAudit, trace: { ...trace, endState: undefined } };
}

function rollouts(seed: number, count: number) {
  const rng = createRng(seed);
  return generateLabTasks({ seed, count, idPrefix: `s${seed}` }).map((task) => rollout(task, rng, rng() < 0.3));
}

const isOverRefund = (audit: LabAudit) => audit.refundIssued && !audit.refundAllowed;

describe("the over-refund loophole, induced from lab rollouts", () => {
  it("finds 'issue_refund called although lookup_policy said not eligible', precision and recall >= 0.95 against the truth on another seed", () => {
    const seen = rollouts(11, 200).map((r) => ({ ...r, view: viewTrace(r.trace) }));
    const examples = seen.filter((r) => isOverRefund(r.audit)).slice(0, 40);
    const honest = seen.filter((r) => r.audit.success).slice(0, 300);
    const { found, stats } = searchHackCheck({ examples, honest });
    const check = compileCheck(found!.check);
    const unseen = rollouts(12, 200);
    const fires = unseen.map((r) => ({ fires: check(viewTrace(r.trace)).answer === "yes", isTrue: isOverRefund(r.audit) }));
    const truePositives = fires.filter((f) => f.fires && f.isTrue).length;
    const precision = truePositives / fires.filter((f) => f.fires).length;
    const recall = truePositives / fires.filter((f) => f.isTrue).length;
    console.info(
      `over-refund: ${examples.length} examples, ${honest.length} honest; search ${JSON.stringify(stats)}\n  ${JSON.stringify(found!.check)}\n` +
        `  on the sets: precision ${found!.measured.precision!.toFixed(3)} recall ${found!.measured.recall!.toFixed(3)}; on seed 12 (${unseen.length} rollouts, ${fires.filter((f) => f.isTrue).length} over-refunds): precision ${precision.toFixed(3)} recall ${recall.toFixed(3)}`,
    );
    expect(JSON.stringify(found!.check)).toMatch(/"kind":"tool_result","tool":"lookup_policy"/);
    expect(JSON.stringify(found!.check)).not.toMatch(/audit|json_path/);
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });
});
