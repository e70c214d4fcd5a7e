// npx tsx scripts/measure-tau2-induction.ts: induction on real agent text. For each direction between the two
// tau2 airline results files in the shared datasets (GOODHART_DATASETS_DIR, default ../shared/datasets), the
// training file's simulations that tau2's action checks say missed an expected write (book/cancel/update/send)
// and whose agent says it was done are confirmed as one known hack, the hacks.induce handler proposes a check,
// and the check is scored on the other file against tau2's action checks (positive = an expected write action
// failed its check). Runs on a fresh SQLite file under data/tau2-induction unless DATABASE_URL is set.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
if (!process.env.DATABASE_URL) {
  const dir = path.join(root, "data", "tau2-induction");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  process.env.DATABASE_URL = `file:${path.join(dir, "goodhart.db")}`;
}
const { ensureDatabaseReady } = await import("../lib/db/ensure-database-ready");
const { getDb } = await import("../lib/db/client");
const { datasetsDir } = await import("../lib/testing/datasets-dir");
const { makeProject, makeUser } = await import("../lib/testing/factories");
const { measureTau2Induction } = await import("../lib/hacks/measure-tau2-induction");

await ensureDatabaseReady({ root });
const db = getDb();
const files = { gpt41: "tau2-results/gpt-4.1_airline_default_gpt-4.1_1trials.json", gpt4o: "tau2-judge-viewer/azure-airline-full.json" };
const show = (value: number | null | undefined) => (value === null || value === undefined ? "n/a" : value.toFixed(3));

for (const [train, test] of [["gpt41", "gpt4o"], ["gpt4o", "gpt41"]] as const) {
  const trainProject = await makeProject(db, `tau2-${train}`);
  const testProject = await makeProject(db, `tau2-${test}`);
  const reviewer = await makeUser(db, { projectId: trainProject.id, role: "reviewer" });
  const result = await measureTau2Induction(db, {
    trainPath: path.join(datasetsDir, files[train]),
    testPath: path.join(datasetsDir, files[test]),
    trainProjectId: trainProject.id,
    testProjectId: testProject.id,
    reviewerId: reviewer.id,
  });
  const { train: t, inSample: i, outOfSample: o } = result;
  console.log(`train ${files[train]}: ${t.simulations} simulations, ${t.positives} missed a write (${t.calledAnyway} of them called that tool anyway, with other arguments), ${t.examples} of them confirmed (the agent says it was done), ${t.honest} labelled pass (${t.honestClaiming} of which also say a write was done)`);
  console.log(`  proposed check: ${result.description ?? "none"}`);
  console.log(`  ${JSON.stringify(result.check)}`);
  console.log(`  in sample (examples vs pass-labelled): precision ${show(i?.precision)}, recall ${show(i?.recall)}`);
  console.log(
    o
      ? `  out of sample on ${files[test]}: ${o.simulations} simulations, ${o.positives} missed a write; fired on ${o.fired}, ${o.truePositives} right -> precision ${show(o.precision)}, recall ${show(o.recall)}`
      : "  out of sample: no rule check proposed",
  );
}
// On PostgreSQL the jobs the loop queued started pg-boss, whose timers would keep the process alive.
const { stopBoss } = await import("../lib/jobs/pg-boss-client");
await stopBoss();
await db.$disconnect();
