import { readFileSync } from "node:fs";
import path from "node:path";
import { SingleBar } from "cli-progress";
import type { Command } from "commander";
import { documentInputSchema } from "../../lib/documents/document-input-schema";
import { uploadDocument } from "../../lib/tasks/upload-document";
import { runJobNow } from "../../lib/jobs/run-job-now";
import { mineDocumentHandler, mineDocumentJob } from "../../lib/tasks/mine-document-job";
import type { DocumentMiningResult } from "../../lib/tasks/mine-tasks-from-document";
import { CliError, openCli, userFile } from "./cli-context";

type AddOptions = { name?: string; contentType?: string; source?: string; mine: boolean; project: string; json?: boolean };

export function addDocumentsCommands(program: Command) {
  const documents = program.command("documents").description("source documents that tasks are mined from");
  documents
    .command("add")
    .description("add a text, Markdown or HTML file (the same text again is the same document) and mine it into tasks as a job with progress")
    .argument("<file>", "the document file (.txt, .md, .html)")
    .option("--name <name>", "its name (default: the file name)")
    .option("--content-type <type>", "text/plain, text/markdown, text/html or application/pdf (default: by the file's extension)")
    .option("--source <source>", "where it came from (default: the file name)")
    .option("--no-mine", "store it without mining tasks from it")
    .option("--project <slug>", "project", "default")
    .option("--json", "end with one JSON line of the result")
    .action(async (file: string, options: AddOptions) => {
      const bytes = (() => {
        try {
          return readFileSync(userFile(file));
        } catch (error) {
          throw new CliError(`cannot read ${userFile(file)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
        }
      })();
      const input = documentInputSchema.parse({
        name: options.name ?? path.basename(file),
        contentType: options.contentType,
        source: options.source ?? path.basename(file),
        base64: bytes.toString("base64"),
        mine: options.mine,
      });
      const { db, project } = await openCli(options);
      const document = await uploadDocument(db, { projectId: project.id, input });
      const log = options.json ? console.error : console.log;
      log(`${document.created ? "added" : "already stored as"} document "${document.title}" (${document.id}): ${document.chars} characters of ${document.contentType}, ${document.contentHash}`);
      let mining: DocumentMiningResult | null = null;
      if (document.miningJobId) {
        const bar = new SingleBar({ stream: process.stderr, format: "{bar} {percentage}% | {message}", hideCursor: true, clearOnComplete: true });
        bar.start(100, 0, { message: "mining" });
        const outcome = await runJobNow(db, { jobId: document.miningJobId, type: mineDocumentJob, handle: mineDocumentHandler.handle, onProgress: (fraction, message) => bar.update(Math.round(fraction * 100), { message: message ?? "" }) }).finally(() => bar.stop());
        const job = await db.job.findUniqueOrThrow({ where: { id: document.miningJobId } });
        if (outcome !== "succeeded" || !job.result) throw new CliError(`mining job ${job.id} ${job.status}${job.error ? `: ${job.error}` : ""}`);
        mining = job.result as DocumentMiningResult;
        const dropped = mining.dropped ? `, ${Object.values(mining.dropped).reduce((sum, n) => sum + n, 0)} dropped (${Object.entries(mining.dropped).map(([why, n]) => `${why} ${n}`).join(", ")})` : "";
        log(`mined ${mining.created} ${mining.method} tasks (${mining.existing} were already there${dropped})`);
      }
      if (options.json) console.log(JSON.stringify({ ...document, mining }));
    });
}
