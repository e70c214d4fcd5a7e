import type { Command } from "commander";
import { exportRubricVersion } from "../../lib/rubrics/export-rubric-version";
import { openCli } from "./cli-context";

export function addExportCommands(program: Command) {
  const exporter = program.command("export").description("export data as JSON");
  exporter
    .command("rubric")
    .description("print a rubric version as JSON (items, checks, provenance, approval)")
    .requiredOption("--version <id>", "the RubricVersion id")
    .option("--project <slug>", "project", "default")
    .action(async (options: { version: string; project: string }) => {
      const { db, project } = await openCli(options);
      console.log(JSON.stringify(await exportRubricVersion(db, { projectId: project.id, rubricVersionId: options.version }), null, 2));
    });
}
