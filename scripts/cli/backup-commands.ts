import type { Command } from "commander";
import { exportProjectBackup } from "../../lib/backup/export-project-backup";
import { importProjectBackup } from "../../lib/backup/import-project-backup";
import { getDb } from "../../lib/db/client";
import { readDatabaseUrl } from "../../lib/db/database-url";
import { ensureDatabaseReady } from "../../lib/db/ensure-database-ready";
import { openCli, repoRoot, userFile } from "./cli-context";

const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, count) => sum + count, 0);

export function addBackupCommands(program: Command) {
  const backup = program.command("backup").description("copy a whole project to a file and restore it into another database");
  backup
    .command("export")
    .description("write every row of a project (with its members' users) to a gzipped JSON-lines file")
    .requiredOption("--project <slug>", "project")
    .requiredOption("--out <file>", "the file to write (it holds password and API key hashes: keep it private)")
    .option("--json", "end with one JSON line: file, counts, contentHash")
    .action(async (options: { project: string; out: string; json?: boolean }) => {
      const { project } = await openCli(options);
      const file = userFile(options.out);
      const manifest = await exportProjectBackup({ url: readDatabaseUrl(), projectId: project.id, file });
      console.log(`Exported ${total(manifest.counts)} records of project ${project.slug} to ${file}`);
      for (const [model, count] of Object.entries(manifest.counts)) console.log(`  ${model}: ${count}`);
      console.log(`Content hash: ${manifest.contentHash}`);
      if (options.json) console.log(JSON.stringify({ file, counts: manifest.counts, contentHash: manifest.contentHash }));
    });
  backup
    .command("import")
    .description("restore a project from a backup file into the database DATABASE_URL names (migrated first)")
    .requiredOption("--file <file>", "a file written by backup export")
    .option("--json", "end with one JSON line: status, project, counts, contentHash")
    .action(async (options: { file: string; json?: boolean }) => {
      await ensureDatabaseReady({ root: repoRoot });
      const { status, project, manifest } = await importProjectBackup(getDb(), { file: userFile(options.file) });
      console.log(
        status === "imported"
          ? `Imported project ${project.slug}: ${total(manifest.counts)} records, content hash verified (${manifest.contentHash})`
          : `Project ${project.slug} is already here with the same content; nothing was written`,
      );
      if (options.json) console.log(JSON.stringify({ status, project, counts: manifest.counts, contentHash: manifest.contentHash }));
    });
}
