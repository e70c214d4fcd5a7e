import { readFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { SingleBar } from "cli-progress";
import type { Command } from "commander";
import { runJobNow } from "../../lib/jobs/run-job-now";
import { findJudgesByName } from "../../lib/judges/find-judges-by-name";
import { importJudgeVerdicts } from "../../lib/judges/import-judge-verdicts";
import { handleJudgesRun, judgesRunJob, type JudgesRunJobResult } from "../../lib/judges/judges-run-job";
import type { JudgeConfigInput } from "../../lib/judges/judge-config-schema";
import { saveJudgeByName } from "../../lib/judges/save-judge-by-name";
import { startJudgeRun } from "../../lib/judges/start-judge-run";
import type { TraceSelection } from "../../lib/judges/trace-selection";
import { registerLabSimulatedJudges } from "../../lib/lab/register-simulated-judges";
import { CliError, openCli, userFile } from "./cli-context";

type RunOptions = { judge: string[]; run?: string; environment?: string; unjudged?: boolean; limit?: string; project: string; json?: boolean };
type ImportOptions = { project: string; json?: boolean };
type AddOptions = { name: string; config: string; environment?: string; project: string };

const collect = (value: string, previous: string[]) => [...previous, value];

export function addJudgeCommands(program: Command) {
  const judge = program.command("judge").description("judge panels: run judges over traces, import verdicts other tools made");
  judge
    .command("run")
    .description("run judges over a selection of traces as a job with progress (verdicts already made are cached)")
    .requiredOption("--judge <name>", "a judge by name; repeat for a panel", collect, [])
    .option("--run <id>", "the traces of a training run (id or name)")
    .option("--environment <env>", "the traces of an environment")
    .option("--unjudged", "only traces some of these judges has not judged yet (the default without --run or --environment)")
    .option("--limit <n>", "at most this many traces")
    .option("--project <slug>", "project", "default")
    .option("--json", "end with one JSON line of the run's totals")
    .action(async (options: RunOptions) => {
      const limit = options.limit === undefined ? undefined : Number(options.limit);
      if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) throw new CliError("--limit takes a whole number of 1 or more");
      const { db, project, actor } = await openCli(options);
      const judges = await findJudgesByName(db, { projectId: project.id, names: options.judge });
      const selection: TraceSelection = options.run
        ? { by: "run", runId: options.run }
        : options.environment && !options.unjudged
          ? { by: "query", query: { environment: options.environment } }
          : { by: "unjudged", ...(options.environment ? { environment: options.environment } : {}) };
      const { job } = await startJudgeRun(db, { projectId: project.id, judgeIds: judges.map((j) => j.id), selection, limit, actor });
      console.error(`judge run ${job.id}: ${judges.map((j) => j.name).join(", ")}`);

      const bar = new SingleBar({ stream: process.stderr, format: "{bar} {percentage}% | {message}", hideCursor: true, clearOnComplete: true });
      bar.start(100, 0, { message: "starting" });
      // This process runs the job as a worker would, so it dispatches the lab's simulated judges as a worker does.
      registerLabSimulatedJudges();
      const outcome = await runJobNow(db, { jobId: job.id, type: judgesRunJob, handle: handleJudgesRun, onProgress: (fraction, message) => bar.update(Math.round(fraction * 100), { message: message ?? "" }) }).finally(() => bar.stop());
      const finished = await db.job.findUniqueOrThrow({ where: { id: job.id } });
      if (outcome !== "succeeded" || !finished.result) throw new CliError(`judge run ${job.id} ${finished.status}${finished.error ? `: ${finished.error}` : ""}`);
      const result = finished.result as JudgesRunJobResult;
      const log = options.json ? console.error : console.log;
      log(`${result.selected} traces: ${result.verdicts} verdicts (${result.errors} errors), ${result.cached} cached, ${result.skipped} skipped; ${result.requests} requests, ${result.tokensIn} tokens in, ${result.tokensOut} out, $${result.costUsd.toFixed(4)}`);
      for (const row of result.perJudge) log(`  ${row.name}: ${row.verdicts} verdicts, ${row.errors} errors, ${row.cached} cached, $${row.costUsd.toFixed(4)}`);
      if (options.json) console.log(JSON.stringify({ jobId: job.id, ...result }));
    });

  judge
    .command("add")
    .description("add a judge, or give an existing one a new version when its config changed")
    .requiredOption("--name <name>", "the judge's name")
    .requiredOption("--config <json>", 'its config as JSON, e.g. {"kind":"llm","baseUrl":"http://127.0.0.1:8000/v1","model":"qwen3-8b"} (a local server only once GOODHART_JUDGE_BASE_URLS lists its origin); keys are never stored, only apiKeyEnv')
    .option("--environment <env>", "only judge traces of this environment")
    .option("--project <slug>", "project", "default")
    .action(async (options: AddOptions) => {
      let config: JudgeConfigInput;
      try {
        config = JSON.parse(options.config);
      } catch {
        throw new CliError("--config is not JSON");
      }
      const { db, project, actor } = await openCli(options);
      const saved = await saveJudgeByName(db, { projectId: project.id, name: options.name, environment: options.environment ?? null, config, actor });
      console.log(saved.status === "created" ? `judge ${options.name} (${config.kind}) added, version 1` : saved.status === "new version" ? `judge ${options.name}: new version ${saved.version}` : `judge ${options.name}: unchanged (version ${saved.version})`);
    });

  judge
    .command("import")
    .description("import judge verdicts another tool produced (tau2-bench judge_viewer summaries), matched to imported traces")
    .argument("<file>", "the summary JSON file")
    .option("--project <slug>", "project", "default")
    .option("--json", "end with one JSON line: imported, unchanged, unmatched [{index, error}]")
    .action(async (file: string, options: ImportOptions) => {
      if (!existsSync(userFile(file))) throw new CliError(`no such file: ${file}`);
      let document: unknown;
      try {
        document = JSON.parse(await readFile(userFile(file), "utf8"));
      } catch (error) {
        throw new CliError(`${file} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
      }
      const { db, project, actor } = await openCli(options);
      const result = await importJudgeVerdicts(db, { projectId: project.id, document, actor });
      const log = options.json ? console.error : console.log;
      log(`${file}: ${result.imported} verdicts imported, ${result.unchanged} already present, ${result.unmatched.length} unmatched (judges: ${result.judges.map((j) => j.name).join(", ") || "none"})`);
      for (const entry of result.unmatched) log(`  unmatched entry ${entry.index}: ${entry.error}`);
      if (options.json) console.log(JSON.stringify({ imported: result.imported, unchanged: result.unchanged, judges: result.judges.map((j) => j.name), unmatched: result.unmatched }));
      if (result.unmatched.length > 0) process.exitCode = 2;
    });
}
