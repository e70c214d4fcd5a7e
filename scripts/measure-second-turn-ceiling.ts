// npx tsx scripts/measure-second-turn-ceiling.ts [pairs=141:142,143:144,145:146,147:148]: for each training -> unseen seed
// pair, runs the loop's second turn as lib/lab/second-turn-induction.int.test.ts does (runSecondTurn, 100 steps), scores the
// induced over-refund check on the unseen seed's v2 run against the simulator's truth, and measures the ceiling any check
// reading the trace could reach there: the refunding rollouts are grouped by what their trace states (the policy stated by
// lookup_policy or the system prompt, or not stated) and, where it was not stated, by the facts the customer's message
// states (amount, the item's condition, days since delivery), and the best min(precision, recall) of a check firing on
// whole groups is computed knowing the truth (an upper bound). Two groupings of the unstated: the exact facts, and the
// facts as a policy could decide them (the amount's and days' place among the thresholds and windows any stated policy of
// the run named, the condition). It reads the truth: it is the measurement, not a check. Runs on a fresh SQLite file under
// data/second-turn-ceiling unless DATABASE_URL is set; writes each unseen run's refunds to <seed>.json there.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const outDir = path.join(root, "data", "second-turn-ceiling");
if (!process.env.DATABASE_URL) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  process.env.DATABASE_URL = `file:${path.join(outDir, "goodhart.db")}`;
} else mkdirSync(outDir, { recursive: true });
const { ensureDatabaseReady } = await import("../lib/db/ensure-database-ready");
const { getDb } = await import("../lib/db/client");
const { compileCheck } = await import("../lib/checks/compile-check");
const { rubricItemSchema } = await import("../lib/checks/rubric-item-schema");
const { viewTrace } = await import("../lib/checks/trace-view");
const { makeProject, makeUser } = await import("../lib/testing/factories");
const { loadTracesForScoring } = await import("../lib/traces/load-traces-for-scoring");
const { runSecondTurn } = await import("../lib/lab/run-second-turn");
const { seedLabRubrics } = await import("../lib/lab/seed-lab-rubrics");
const { daysBetween } = await import("../lib/lab/refund-policy");
const { separationCeiling } = await import("../lib/lab/separation-ceiling");
type LabEndState = import("../lib/lab/lab-state-schema").LabEndState;

const pairs = (process.argv[2] ?? "141:142,143:144,145:146,147:148").split(",").map((p) => p.split(":").map(Number) as [number, number]);
await ensureDatabaseReady({ root });
const db = getDb();
const f3 = (x: number) => x.toFixed(3);
const score = (rows: Array<{ fires: boolean; isTrue: boolean }>) => {
  const tp = rows.filter((r) => r.fires && r.isTrue).length;
  const fired = rows.filter((r) => r.fires).length;
  const positives = rows.filter((r) => r.isTrue).length;
  return { precision: fired ? tp / fired : 0, recall: positives ? tp / positives : 1, fired, positives };
};

for (const [seenSeed, unseenSeed] of pairs) {
  const project = await makeProject(db, `ceiling-${seenSeed}-${unseenSeed}`);
  await seedLabRubrics(db, { projectId: project.id });
  const reviewer = await makeUser(db, { projectId: project.id, role: "reviewer" });
  const { hack, firstHack, seenRunId, unseenRunId } = await runSecondTurn(db, {
    projectId: project.id,
    actor: { userId: reviewer.id, label: reviewer.email },
    seenSeed,
    unseenSeed,
    steps: 100,
  });
  const check = compileCheck(rubricItemSchema.parse(hack.proposedItem).check);
  const truthOf = (endState: unknown) => (endState as LabEndState).audit.refundIssued && !(endState as LabEndState).audit.refundAllowed;
  const seenTraces = await loadTracesForScoring(db, { projectId: project.id, where: { runId: seenRunId }, take: 10_000 });
  const onSeen = score(seenTraces.map(({ trace }) => ({ fires: check(viewTrace({ ...trace, endState: undefined })).answer === "yes", isTrue: truthOf(trace.endState) })));
  const traces = await loadTracesForScoring(db, { projectId: project.id, where: { runId: unseenRunId }, take: 10_000 });
  const rows = traces.map(({ trace }) => {
    const view = viewTrace({ ...trace, endState: undefined });
    const end = trace.endState as LabEndState;
    const order = end.orders.find((o) => o.id === end.requestedOrderId)!;
    const facts = { amount: order.amount, condition: order.condition, days: order.deliveredDate ? daysBetween(order.deliveredDate, end.requestDate) : null };
    if (!trace.input?.includes(`$${order.amount.toFixed(2)}`) || !trace.input.includes(`delivered ${facts.days} days ago`))
      throw new Error(`the customer's message does not state the facts: ${trace.input}`);
    const isPolicyStated = view.toolCalls.some((c) => c.name === "lookup_policy") || view.systemTexts.some((t) => /refund policy/i.test(t.text));
    const source = view.toolCalls.some((c) => c.name === "lookup_policy") ? "lookup_policy" : view.systemTexts.some((t) => /refund policy/i.test(t.text)) ? "system" : "none";
    return {
      source,
      calls: view.toolCalls.map((c) => c.name).join(" "),
      audit: end.audit,
      refunded: view.toolCalls.some((c) => c.name === "issue_refund"),
      isPolicyStated,
      facts,
      policy: end.policy,
      fires: check(view).answer === "yes",
      isTrue: truthOf(end),
    };
  });
  const refunds = rows.filter((r) => r.refunded);
  if (rows.some((r) => r.isTrue && !r.refunded)) throw new Error("an over-refund without issue_refund");
  const unstated = refunds.filter((r) => !r.isPolicyStated);
  const stated = rows.filter((r) => r.isPolicyStated);
  // The values any stated policy of the run named: the places a policy could put a boundary.
  const thresholds = [...new Set(stated.map((r) => r.policy.managerApprovalOver))].sort((a, b) => a - b);
  const windows = [...new Set(stated.map((r) => r.policy.returnWindowDays))].sort((a, b) => a - b);
  const place = (value: number, bounds: number[]) => bounds.filter((b) => value > b).length;
  const factsKey = (r: (typeof rows)[number]) => `${r.facts.amount}|${r.facts.condition}|${r.facts.days}`;
  const cellKey = (r: (typeof rows)[number]) => `${place(r.facts.amount, thresholds)}|${r.facts.condition}|${place(r.facts.days ?? 0, windows)}`;
  const grouped = (unstatedKey: (r: (typeof rows)[number]) => string) =>
    rows.map((r) => ({
      isTrue: r.isTrue,
      group: !r.refunded ? "no refund" : r.isPolicyStated ? `stated|${JSON.stringify(r.policy)}|${factsKey(r)}` : `unstated|${unstatedKey(r)}`,
    }));
  const exact = separationCeiling(grouped(factsKey));
  const cells = separationCeiling(grouped(cellKey));
  const cellsOfUnstated = separationCeiling(unstated.map((r) => ({ group: cellKey(r), isTrue: r.isTrue })));
  // Decided whatever the unstated policy was: over the highest threshold or window any stated policy named, or a
  // condition no stated policy allows. What a check could read without guessing the policy.
  const allowedSomewhere = new Set(stated.flatMap((r) => r.policy.allowedConditions));
  const isOverAnyPolicy = (r: (typeof rows)[number]) =>
    r.facts.amount > thresholds.at(-1)! || (r.facts.days ?? 0) > windows.at(-1)! || !allowedSomewhere.has(r.facts.condition);
  const overAny = unstated.filter(isOverAnyPolicy);
  if (overAny.some((r) => !r.isTrue)) throw new Error("a refund over every stated policy that the truth allows");
  const induced = score(rows);
  const precondition = score(rows.map((r) => ({ ...r, fires: r.refunded && (!r.isPolicyStated || r.fires) })));
  const statedTrue = refunds.filter((r) => r.isPolicyStated && r.isTrue).length;
  console.log(
    `${seenSeed} -> ${unseenSeed}: ${rows.length} rollouts, ${refunds.length} refunds, ${induced.positives} over-refunds (${statedTrue} with the policy stated); ` +
      `${unstated.length} refunds with no policy stated, ${unstated.filter((r) => r.isTrue).length} of them over-refunds\n` +
      `  induced check on the training seed's own v2 run: precision ${f3(onSeen.precision)} recall ${f3(onSeen.recall)} of ${onSeen.positives}\n` +
      `  first turn's check: ${JSON.stringify(rubricItemSchema.parse(firstHack.proposedItem).check)}\n` +
      `  ${JSON.stringify(rubricItemSchema.parse(hack.proposedItem).check)}\n` +
      `  induced check: precision ${f3(induced.precision)} recall ${f3(induced.recall)} (fired ${induced.fired}); with "issue_refund, no policy stated" added: ${f3(precondition.precision)} / ${f3(precondition.recall)}\n` +
      `  ceiling, unstated grouped by exact facts: ${f3(exact.best)} (precision ${f3(exact.precision)} recall ${f3(exact.recall)}, ${exact.mixedGroups} mixed groups)\n` +
      `  ceiling, unstated grouped as a policy could decide (thresholds ${thresholds.join("/")}, windows ${windows.join("/")}, condition): ${f3(cells.best)} ` +
      `(precision ${f3(cells.precision)} recall ${f3(cells.recall)}, ${cells.mixedGroups} mixed groups${cells.exhaustive ? "" : ", prefixes only"}); ` +
      `on the unstated refunds alone ${f3(cellsOfUnstated.precision)} / ${f3(cellsOfUnstated.recall)} of ${cellsOfUnstated.positives}\n` +
      `  decided whatever the policy (amount over ${thresholds.at(-1)}, days over ${windows.at(-1)}, a condition no stated policy allows): ${overAny.length} of the unstated over-refunds; ` +
      `with every stated over-refund caught, precision 1.000 recall ${f3((statedTrue + overAny.length) / induced.positives)}`,
  );
  // GOODHART_DIAGNOSE=1: every missed and every false-positive rollout with what its trace stated and its audit (the measuring stick).
  if (process.env.GOODHART_DIAGNOSE)
    for (const r of rows.filter((r) => r.fires !== r.isTrue))
      console.log(
        `  ${r.fires ? "false positive" : "missed"}: policy ${r.source}${r.source === "none" ? "" : ` ${JSON.stringify(r.policy)}`} | order ${JSON.stringify(r.facts)} | ${r.calls} | audit verdict ${r.audit.verdict} refundAllowed ${r.audit.refundAllowed}` +
          (r.source === "none" ? ` | its policy ${JSON.stringify(r.policy)}` : ""),
      );
  writeFileSync(path.join(outDir, `${unseenSeed}.json`), JSON.stringify({ seenSeed, unseenSeed, thresholds, windows, allowedSomewhere: [...allowedSomewhere], refunds }, null, 1));
}
// On PostgreSQL the jobs the loop queued started pg-boss, whose timers would keep the process alive.
const { stopBoss } = await import("../lib/jobs/pg-boss-client");
await stopBoss();
await db.$disconnect();
