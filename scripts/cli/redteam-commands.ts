import { SingleBar } from "cli-progress";
import type { Command } from "commander";
import { runJobNow } from "../../lib/jobs/run-job-now";
import { registerLabSimulatedJudges } from "../../lib/lab/register-simulated-judges";
import { findRedteamRun, type RedteamRunView } from "../../lib/redteam/find-redteam-run";
import { formatEffect } from "../../lib/redteam/format-effect";
import { redteamHandler, redteamJob, startRedteam } from "../../lib/redteam/redteam-job";
import { redteamRequestSchema, type RedteamJobPayload } from "../../lib/redteam/redteam-schemas";
import { CliError, openCli } from "./cli-context";

type RunOptions = { rubricVersion: string; rollouts?: string; referee?: string; judges?: string; attacker?: string; attackerRollouts?: string; seed?: string; project: string; json?: boolean };
const list = (value?: string) => (value ? value.split(",").map((s) => s.trim()).filter(Boolean) : undefined);

export function addRedteamCommands(program: Command) {
  const redteam = program.command("redteam").description("red-team a rubric version before training: probe families, loopholes, judge biases");
  redteam
    .command("run")
    .description("run a red-team job now and print each family's effect on reward and truth, the loopholes and the judge biases")
    .requiredOption("--rubric-version <id>", "the rubric version to probe")
    .option("--rollouts <n>", "honest rollouts to edit (the probe budget is this times the families)")
    .option("--referee <names>", "judges (comma-separated) whose mean score is the truth where the environment has no reference")
    .option("--judges <names>", "judges (comma-separated) whose biases to measure; default every llm or simulated judge of the environment")
    .option("--attacker <judge>", "an llm judge whose endpoint writes attacker rollouts")
    .option("--attacker-rollouts <n>", "rollouts the attacker writes")
    .option("--seed <n>", "seed of the probes' random choices")
    .option("--project <slug>", "project", "default")
    .option("--json", "end with one JSON line: the run as GET /api/v1/redteam/{id} answers it")
    .action(async (options: RunOptions) => {
      const { db, project } = await openCli(options);
      // As `judge run` does: the job runs in this process, which dispatches simulated judges through the registry like a worker.
      registerLabSimulatedJudges();
      const request = redteamRequestSchema.parse({
        rubricVersionId: options.rubricVersion,
        ...(options.rollouts ? { rollouts: Number(options.rollouts) } : {}),
        ...(options.referee ? { referee: list(options.referee) } : {}),
        ...(options.judges ? { judges: list(options.judges) } : {}),
        ...(options.attacker ? { attacker: { judge: options.attacker, ...(options.attackerRollouts ? { rollouts: Number(options.attackerRollouts) } : {}) } } : {}),
        ...(options.seed ? { seed: Number(options.seed) } : {}),
      });
      const job = await startRedteam(db, { projectId: project.id, request });
      console.error(`red-team run ${job.id}`);
      const bar = new SingleBar({ stream: process.stderr, format: "{bar} {percentage}% | {message}", hideCursor: true, clearOnComplete: true });
      bar.start(100, 0, { message: "starting" });
      await runJobNow(db, { jobId: job.id, type: redteamJob, handle: (payload: RedteamJobPayload, context) => redteamHandler.handle(payload, context), onProgress: (f, m) => bar.update(Math.round(f * 100), { message: m ?? "" }) }).finally(() => bar.stop());
      const run = await findRedteamRun(db, { projectId: project.id, id: job.id });
      if (!run.report) throw new CliError(`red-team run ${job.id} ${run.status}${run.error ? `: ${run.error}` : ""}`);
      printRun(run, options.json ? console.error : console.log);
      if (options.json) console.log(JSON.stringify(run));
    });
  redteam
    .command("show <id>")
    .description("print a red-team run")
    .option("--project <slug>", "project", "default")
    .option("--json", "print the run as GET /api/v1/redteam/{id} answers it")
    .action(async (id: string, options: { project: string; json?: boolean }) => {
      const { db, project } = await openCli(options);
      const run = await findRedteamRun(db, { projectId: project.id, id });
      if (options.json) console.log(JSON.stringify(run));
      else printRun(run, console.log);
    });
}

function printRun(run: RedteamRunView, log: (line: string) => void) {
  const report = run.report;
  if (!report) return log(`red-team run ${run.id}: ${run.status} (${Math.round(run.progress * 100)}%)${run.error ? `: ${run.error}` : ""}`);
  log(`red-team run ${run.id}: ${report.honestRollouts} honest rollouts, ${report.probesScored} probes, ${report.wallSeconds.toFixed(1)} s; truth: ${report.truthSource}`);
  for (const family of report.families) {
    log(`${family.isLoophole ? "LOOPHOLE" : "tried   "} ${family.id}: reward ${formatEffect(family.reward)}, truth ${formatEffect(family.truth)} (${family.probes} pairs)`);
  }
  log(`loopholes: ${report.loopholes.join(", ") || "none"}`);
  for (const judge of report.judgeBias) {
    const found = judge.biases.filter((b) => b.isBiased);
    log(`judge ${judge.judge}${judge.simulated ? " (simulated)" : ""}: ${found.length ? found.map((b) => `${b.id} ${formatEffect(b.effect)}`).join("; ") : "no bias found"}`);
  }
}
