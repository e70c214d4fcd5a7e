import { readFileSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { AppError } from "../../lib/errors/app-error";
import { importRunMetrics } from "../../lib/runs/import-run-metrics";
import type { MetricFileResult } from "../../lib/runs/metric-files/metric-file-result";
import { plural } from "../../lib/words/plural";
import { CliError, openCli, userFile } from "./cli-context";

type RejectedRecord = MetricFileResult["rejected"][number];

function isRejectedRecord(detail: unknown): detail is RejectedRecord {
  const record = detail as Partial<RejectedRecord> | null;
  return typeof record?.error === "string" && (typeof record.line === "number" || typeof record.index === "number");
}

export function addRunsCommands(program: Command) {
  const runs = program.command("runs").description("training runs from outside trainers");
  runs
    .command("import")
    .description("import a run's metrics: JSONL, JSON or CSV (W&B history or chart export, TRL/verl logs), or a TensorBoard event file")
    .argument("<file>", "the metrics file")
    .requiredOption("--run <name>", "the run's name (the same name is the same run; made when new)")
    .option("--trainer <name>", "the trainer that made the run (trl, verl, openrlhf, ...)")
    .option("--environment <name>", "the environment the run trained on")
    .option("--project <slug>", "project", "default")
    .option("--json", "end with one JSON line of the result")
    .action(async (file: string, options: { run: string; trainer?: string; environment?: string; project: string; json?: boolean }) => {
      const bytes = (() => {
        try {
          return readFileSync(userFile(file));
        } catch (error) {
          throw new CliError(`cannot read ${userFile(file)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
        }
      })();
      const { db, project, actor } = await openCli(options);
      const printRejected = (rejected: RejectedRecord[], print: (line: string) => void) => {
        for (const { line, index, error } of rejected) print(`${file}:${line ?? `record ${index}`}: ${error}`);
      };
      const result = await importRunMetrics(db, {
        projectId: project.id,
        actor,
        run: { name: options.run, trainer: options.trainer, environment: options.environment },
        bytes,
        fileName: path.basename(file),
      }).catch((error: unknown) => {
        // Nothing could be read: the lines that could not are the reason, named as for a partial import.
        if (error instanceof AppError) printRejected(error.details.filter(isRejectedRecord), console.error);
        throw error;
      });
      // With --json the last line is the result and the rest goes to stderr, as with the other commands.
      const log = options.json ? console.error : console.log;
      log(`${result.created ? "made" : "added to"} run "${result.runName}" (${result.runId}): ${plural(result.points, "point")} of ${plural(result.metrics.length, "metric")} from ${result.format}`);
      if (result.skipped) log(`${plural(result.skipped, "value was", "values were")} not numbers and left out`);
      printRejected(result.rejected, log);
      if (options.json) console.log(JSON.stringify({ runId: result.runId, format: result.format, points: result.points, metrics: result.metrics, skipped: result.skipped, rejected: result.rejected }));
      if (result.rejected.length > 0) process.exitCode = 2;
    });
}
