import { existsSync, statSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import cliProgress from "cli-progress";
import { formatNames, isFormatName } from "../../lib/ingest/format-name";
import { importTraceSource } from "../../lib/ingest/import-trace-source";
import type { RejectedRecord } from "../../lib/ingest/import-traces";
import { CliError, openCli, userFile } from "./cli-context";

type ImportOptions = { format?: string; project: string; json?: boolean };

export function addImportCommand(program: Command) {
  program
    .command("import")
    .description(`import a trace file (${formatNames.join(", ")}; detected unless --format is given)`)
    .argument("<file>", "the file to read (JSONL is streamed)")
    .option("--format <format>", `force a format: ${formatNames.join("|")}`)
    .option("--project <slug>", "project", "default")
    .option("--json", "end with one JSON line of the counts, rejected records and the stored trace ids")
    .action(async (file: string, options: ImportOptions) => {
      if (options.format !== undefined && !isFormatName(options.format)) throw new CliError(`unknown format "${options.format}"; use one of ${formatNames.join(", ")}`);
      const source = userFile(file);
      if (!existsSync(source) || !statSync(source).isFile()) throw new CliError(`no such file: ${file}`);
      const { db, project } = await openCli(options);

      const bar = new cliProgress.SingleBar(
        { format: "importing [{bar}] {percentage}% | {accepted} new, {duplicates} duplicates, {rejected} rejected", stream: process.stderr, hideCursor: true },
        cliProgress.Presets.shades_classic,
      );
      bar.start(100, 0, { accepted: 0, duplicates: 0, rejected: 0 });
      const result = await importTraceSource(db, {
        projectId: project.id,
        input: { path: source },
        format: options.format as (typeof formatNames)[number] | undefined,
        collectTraceIds: options.json === true,
        onProgress: ({ fraction, accepted, duplicates, rejected }) => bar.update(Math.round((fraction ?? 0) * 100), { accepted, duplicates, rejected }),
      }).finally(() => bar.stop());

      const log = options.json ? console.error : console.log;
      const parts = `${result.updated ? `, ${result.updated} updated` : ""}${result.pending ? `, ${result.pending} parts waiting for the rest of their trace` : ""}`;
      log(`${file}: ${result.accepted} accepted${parts}, ${result.duplicates} duplicates, ${result.rejected.length} rejected (project ${project.slug})`);
      for (const rejected of result.rejected) log(`  rejected: ${describeRejected(rejected, file)}`);
      if (options.json) {
        const rejected = result.rejected.map(({ line, index, file: at, error }) => ({
          ...(line === undefined ? {} : { line }),
          ...(index === undefined ? {} : { index }),
          ...(at && path.resolve(at) !== source ? { file: at } : {}),
          error,
        }));
        console.log(JSON.stringify({ accepted: result.accepted, updated: result.updated, pending: result.pending, duplicates: result.duplicates, rejected, traceIds: result.traceIds ?? [] }));
      }
      if (result.rejected.length > 0) process.exitCode = 2;
    });
}

function describeRejected({ file, error }: RejectedRecord, fallback: string): string {
  return `${file ?? fallback}: ${error}`;
}
