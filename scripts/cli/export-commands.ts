import type { Command } from "commander";
import { exportRubricVersion } from "../../lib/rubrics/export-rubric-version";
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { distillQuerySchema } from "../../lib/distill/distill-query";
import { exportDistillation } from "../../lib/distill/export-distillation";
import { CliError, openCli } from "./cli-context";

type DistillOptions = { format?: string; environment?: string; run?: string; steps?: string; band?: string; out?: string; project: string };

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
  exporter
    .command("distillation")
    .description("the environment's turns of stored traces (user messages, tool results) as world-model training data, JSONL")
    .option("--format <format>", "messages (TRL conversational, environment as assistant) or prompt-completion", "messages")
    .option("--environment <env>", "only traces of this environment")
    .option("--run <run>", "only rollouts of this run (id or name)")
    .option("--steps <from,to>", "only rollouts of these training steps, e.g. 10,200")
    .option("--band <low,high>", "only rollouts of tasks whose pass rate lies in this band, e.g. 0.1,0.9")
    .option("--out <file>", "write to this file instead of standard output")
    .option("--project <slug>", "project", "default")
    .action(async ({ project: slug, out, ...filters }: DistillOptions) => {
      const parsed = distillQuerySchema.safeParse(Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)));
      if (!parsed.success) throw new CliError(parsed.error.issues.map((issue) => `--${issue.path.join(".")}: ${issue.message}`).join("; "));
      const { db, project } = await openCli({ project: slug });
      const output = out ? createWriteStream(out) : process.stdout;
      let records = 0;
      for await (const line of exportDistillation(db, { projectId: project.id, ...parsed.data })) {
        records += 1;
        if (!output.write(line)) await once(output, "drain");
      }
      if (out)
        await new Promise<void>((resolve, reject) =>
          (output as ReturnType<typeof createWriteStream>).end((error?: Error | null) => (error ? reject(error) : resolve())),
        );
      console.error(`${records} records${out ? ` written to ${out}` : ""}`);
    });
}
