import { readFile } from "node:fs/promises";
import { SingleBar } from "cli-progress";
import type { Command } from "commander";
import { runJobNow } from "../../lib/jobs/run-job-now";
import { readCodeReplayCommit } from "../../lib/tasks/code-replay-from-git";
import { readCodeReplaySource } from "../../lib/tasks/code-replay-source";
import { saveCodeReplayTask } from "../../lib/tasks/code-replay-task";
import type { MineTracesResult } from "../../lib/tasks/mine-tasks-from-traces";
import { handleMineTracesJob, mineTracesJob, startMineTasksFromTraces } from "../../lib/tasks/mine-tasks-from-traces-job";
import { CliError, openCli, userFile } from "./cli-context";

type AddCodeOptions = {
  repo?: string;
  commit: string;
  patch?: string;
  message?: string;
  repository?: string;
  environment: string;
  project: string;
  json?: boolean;
};
type MineOptions = { fromTraces?: boolean; environment?: string; project: string; json?: boolean };

export function addTasksCommands(program: Command) {
  const tasks = program.command("tasks").description("tasks: mined from traces, replayed against the world they came from");
  tasks
    .command("mine")
    .description(
      "mine tasks as a job with progress; --from-traces makes one tool-use replay task per trace with tool calls (mining again adds only new traces)",
    )
    .option("--from-traces", "tool-use replay tasks from production and simulator traces")
    .option("--environment <env>", "only the traces of this environment")
    .option("--project <slug>", "project", "default")
    .option("--json", "end with one JSON line of the job's totals")
    .action(async (options: MineOptions) => {
      if (!options.fromTraces) throw new CliError("name what to mine from: --from-traces");
      const { db, project, actor } = await openCli(options);
      const job = await startMineTasksFromTraces(db, { projectId: project.id, environment: options.environment, actor });
      console.error(`mining job ${job.id}${options.environment ? ` (environment ${options.environment})` : ""}`);
      const bar = new SingleBar({ stream: process.stderr, format: "{bar} {percentage}% | {message}", hideCursor: true, clearOnComplete: true });
      bar.start(100, 0, { message: "starting" });
      const outcome = await runJobNow(db, {
        jobId: job.id,
        type: mineTracesJob,
        handle: handleMineTracesJob,
        onProgress: (fraction, message) => bar.update(Math.round(fraction * 100), { message: message ?? "" }),
      }).finally(() => bar.stop());
      const finished = await db.job.findUniqueOrThrow({ where: { id: job.id } });
      if (outcome !== "succeeded" || !finished.result)
        throw new CliError(`mining job ${job.id} ${finished.status}${finished.error ? `: ${finished.error}` : ""}`);
      const result = finished.result as MineTracesResult;
      const log = options.json ? console.error : console.log;
      log(`${result.traces} traces with tool calls: ${result.created} tasks made, ${result.existing} already mined, ${result.skipped} skipped`);
      for (const skip of result.skips) log(`  skipped trace ${skip.externalId}: ${skip.reason}`);
      if (result.skipped > result.skips.length) log(`  ... and ${result.skipped - result.skips.length} more skipped`);
      if (options.json) console.log(JSON.stringify({ jobId: job.id, ...result }));
    });

  tasks
    .command("add-code")
    .description(
      "a code replay task from a commit of a local repository (--repo) or a patch file (--patch: git format-patch, git show, or a plain diff with --message)",
    )
    .option("--repo <dir>", "a local git repository")
    .option("--commit <rev>", "the commit to replay, with --repo", "HEAD")
    .option("--patch <file>", "a patch file instead of a repository")
    .option("--message <text>", "the task's text, for a plain diff that carries no commit message")
    .option("--repository <name>", "where the tree before the commit is found, kept with the task (defaults to --repo)")
    .option("--environment <env>", "environment", "code")
    .option("--project <slug>", "project", "default")
    .option("--json", "end with one JSON line of the task")
    .action(async (options: AddCodeOptions) => {
      if (Boolean(options.repo) === Boolean(options.patch)) throw new CliError("name one source: --repo DIR or --patch FILE");
      const source = options.repo
        ? await readCodeReplayCommit({ repoDir: options.repo, commit: options.commit })
        : { ...readCodeReplaySource(await readFile(userFile(options.patch!), "utf8"), { message: options.message }), baseCommit: null };
      const { db, project } = await openCli(options);
      const { task, isNew } = await saveCodeReplayTask(db, {
        projectId: project.id,
        environment: options.environment,
        source,
        repository: options.repository ?? options.repo,
        baseCommit: source.baseCommit,
      });
      const log = options.json ? console.error : console.log;
      log(`${isNew ? "added" : "already there:"} task ${task.externalId} (${source.files.length} files): ${task.prompt.split("\n")[0]}`);
      if (options.json) console.log(JSON.stringify({ id: task.id, externalId: task.externalId, isNew, metadata: task.metadata }));
    });
}
