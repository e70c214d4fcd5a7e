import { SingleBar } from "cli-progress";
import type { Command } from "commander";
import { runJobNow } from "../../lib/jobs/run-job-now";
import { handleLabRun, labRunJob } from "../../lib/lab/lab-run-job";
import { runLabReviewNow } from "../../lib/lab/run-lab-review-now";
import type { LabSummary } from "../../lib/lab/summarize-lab";
import { seedLabRubrics } from "../../lib/lab/seed-lab-rubrics";
import { startLabRun } from "../../lib/lab/start-lab-run";
import { CliError, openCli } from "./cli-context";

type LabRunOptions = { rubric?: string; steps: string; seed: string; group: string; batch: string; project: string; json?: boolean; worldModel?: boolean };

export function addLabCommands(program: Command) {
  const lab = program.command("lab").description("the built-in lab: a simulated refund desk trained with GRPO on a rubric");
  lab
    .command("run")
    .description("train the lab policy on a rubric version as a job with progress, and print the summary")
    .option("--rubric <version>", "rubric version: v1, 2, or a RubricVersion id (drafts allowed); default the latest approved")
    .option("--steps <n>", "training steps", "200")
    .option("--seed <s>", "seed of tasks, policy and sampling", "1")
    .option("--group <g>", "rollouts per task (GRPO group size)", "8")
    .option("--batch <b>", "tasks per step", "16")
    .option("--project <slug>", "project", "default")
    .option("--world-model", "blend in the auxiliary world-model objective learnt from the policy lookup's answers")
    .option("--json", "end with one JSON line: runId, steps, proxyReward, trueSuccess, heldOutSuccess, hackRate")
    .action(async (options: LabRunOptions) => {
      const { db, project, actor } = await openCli(options);
      await seedLabRubrics(db, { projectId: project.id, actor });
      const config = { steps: options.steps, seed: options.seed, groupSize: options.group, batchSize: options.batch, worldModel: options.worldModel === true };
      const { run, job, rubricVersion } = await startLabRun(db, { projectId: project.id, rubric: options.rubric, config, actor });
      console.error(`lab run ${run.id} (${run.name}) on rubric v${rubricVersion.version} [${rubricVersion.status}], job ${job.id}`);

      const bar = new SingleBar({ stream: process.stderr, format: "{bar} {percentage}% | {message}", hideCursor: true, clearOnComplete: true });
      bar.start(100, 0, { message: "starting" });
      const started = Date.now();
      const outcome = await runJobNow(db, { jobId: job.id, type: labRunJob, handle: handleLabRun, onProgress: (fraction, message) => bar.update(Math.round(fraction * 100), { message: message ?? "" }) }).finally(() => bar.stop());
      const finished = await db.trainingRun.findUniqueOrThrow({ where: { id: run.id } });
      if (outcome !== "succeeded" || finished.status !== "succeeded" || !finished.summary) {
        const failed = await db.job.findUnique({ where: { id: job.id }, select: { error: true } });
        throw new CliError(`lab run ${run.id} ${finished.status}${failed?.error ? `: ${failed.error}` : ""}`);
      }
      const summary = finished.summary as LabSummary;
      // With --json the human lines go to stderr, so stdout holds only the JSON line.
      printSummary(summary, (Date.now() - started) / 1000, options.json ? console.error : console.log);
      // The simulated panel and edge-case detection, so /review shows the run's cases without a worker.
      const review = await runLabReviewNow(db, { runId: run.id });
      if (review) (options.json ? console.error : console.log)(`review queue: ${review.groups} cases from ${review.flaggedRollouts} flagged rollouts (see /review)`);
      if (options.json) console.log(JSON.stringify(toCliJson(run.id, summary)));
    });
}

function printSummary(summary: LabSummary, seconds: number, print: (line: string) => void) {
  const f = (value: number | null) => (typeof value === "number" ? value.toFixed(3) : "n/a");
  const lines = [
    `trained ${summary.steps} steps in ${seconds.toFixed(1)} s`,
    `proxy reward      ${f(summary.proxyReward.first)} → ${f(summary.proxyReward.last)}`,
    `true success      ${f(summary.trueSuccess.first)} → best ${f(summary.trueSuccess.best)} → ${f(summary.trueSuccess.last)}`,
    `held-out success  ${f(summary.heldOutSuccess.first)} → ${f(summary.heldOutSuccess.last)}`,
    `hack rate         ${f(summary.hackRate.first)} → ${f(summary.hackRate.last)}`,
  ];
  for (const line of lines) print(line);
}

/** The `lab run --json` summary object (docs/lab.md), keys in the documented order. */
function toCliJson(runId: string, { steps, proxyReward, trueSuccess, heldOutSuccess, hackRate }: LabSummary) {
  return {
    runId,
    steps,
    proxyReward: { first: proxyReward.first, last: proxyReward.last },
    trueSuccess: { first: trueSuccess.first, best: trueSuccess.best, last: trueSuccess.last },
    heldOutSuccess: { first: heldOutSuccess.first, last: heldOutSuccess.last },
    hackRate: { first: hackRate.first, last: hackRate.last },
  };
}
