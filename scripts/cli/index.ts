// The goodhart CLI. Exit codes: 0 done, 2 done but some records were rejected, 1 fatal error.
import path from "node:path";
import { Command, CommanderError } from "commander";
import { ZodError } from "zod";
import { AppError } from "../../lib/errors/app-error";
import { loadEnvFile, resolveDataPaths } from "../../lib/setup/env-file";
import { CliError, userFile } from "./cli-context";

const checkout = path.resolve(import.meta.dirname, "../..");
loadEnvFile(checkout);
// The `goodhart` bin runs from any directory: by default it acts on the database npm start uses.
if (!process.env.DATABASE_URL && !process.env.GOODHART_DATA_DIR) process.env.GOODHART_DATA_DIR = path.join(checkout, "data");
// A relative path set in the shell is the shell's directory's (where `npm run goodhart` was typed, as
// for a file argument): made absolute once, so the migration check (run against the checkout) and the
// database client open the same file.
resolveDataPaths(userFile("."));

const program = new Command()
  .name("goodhart")
  .description("Goodhart: reward signal for agent RL, with humans in the loop where it matters")
  .showHelpAfterError()
  .exitOverride();

type AddCommands = (program: Command) => void;
// Each top-level command and the module that adds it, in the order help lists them. A call loads only
// its own command's module (the others' imports cost a second or more per call); help, or a name
// that is not a command, loads them all.
const commandModules: Record<string, () => Promise<AddCommands>> = {
  user: async () => (await import("./user-commands")).addUserCommands,
  project: async () => (await import("./project-commands")).addProjectCommands,
  "api-key": async () => (await import("./api-key-commands")).addApiKeyCommands,
  lab: async () => (await import("./lab-commands")).addLabCommands,
  import: async () => (await import("./import-command")).addImportCommand,
  judge: async () => (await import("./judge-commands")).addJudgeCommands,
  export: async () => (await import("./export-commands")).addExportCommands,
  runs: async () => (await import("./runs-commands")).addRunsCommands,
  documents: async () => (await import("./documents-commands")).addDocumentsCommands,
  tasks: async () => (await import("./tasks-commands")).addTasksCommands,
  backup: async () => (await import("./backup-commands")).addBackupCommands,
  redteam: async () => (await import("./redteam-commands")).addRedteamCommands,
};
const named = commandModules[process.argv[2] ?? ""];
for (const add of await Promise.all(named ? [named()] : Object.values(commandModules).map((load) => load()))) add(program);

async function main(): Promise<number> {
  try {
    await program.parseAsync(process.argv);
    return Number(process.exitCode ?? 0);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has printed its own error (a missing option, an unknown command); --json gets it on stdout too.
      if (error.exitCode !== 0 && process.argv.includes("--json")) console.log(JSON.stringify({ error: error.message.replace(/^error: /, "") }));
      return error.exitCode === 0 ? 0 : 1;
    }
    const message =
      error instanceof ZodError ? error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") : error instanceof Error ? error.message : String(error);
    console.error(`error: ${message}`);
    // A failure the user cannot fix by what they typed (a database that will not open, a bug) keeps its stack, on request.
    if (!(error instanceof CliError || error instanceof AppError || error instanceof ZodError) && error instanceof Error) {
      console.error(process.env.GOODHART_DEBUG ? error.stack : "(set GOODHART_DEBUG=1 to see where it failed)");
    }
    // A script reading --json gets a line on stdout either way.
    if (process.argv.includes("--json")) console.log(JSON.stringify({ error: message }));
    return 1;
  }
}

const code = await main();
const { getDb } = await import("../../lib/db/client");
await getDb().$disconnect().catch(() => undefined);
process.exit(code);
