// The goodhart CLI. Exit codes: 0 done, 2 done but some records were rejected, 1 fatal error.
import { Command, CommanderError } from "commander";
import { ZodError } from "zod";
import { AppError } from "../../lib/errors/app-error";
import { addApiKeyCommands } from "./api-key-commands";
import { addBackupCommands } from "./backup-commands";
import { CliError } from "./cli-context";
import { addDocumentsCommands } from "./documents-commands";
import { addExportCommands } from "./export-commands";
import { addLabCommands } from "./lab-commands";
import { addImportCommand } from "./import-command";
import { addJudgeCommands } from "./judge-commands";
import { addProjectCommands } from "./project-commands";
import { addRedteamCommands } from "./redteam-commands";
import { addRunsCommands } from "./runs-commands";
import { addTasksCommands } from "./tasks-commands";
import { addUserCommands } from "./user-commands";

const program = new Command()
  .name("goodhart")
  .description("Goodhart: reward signal for agent RL, with humans in the loop where it matters")
  .showHelpAfterError()
  .exitOverride();

addUserCommands(program);
addProjectCommands(program);
addApiKeyCommands(program);
addLabCommands(program);
addImportCommand(program);
addJudgeCommands(program);
addExportCommands(program);
addRunsCommands(program);
addDocumentsCommands(program);
addTasksCommands(program);
addBackupCommands(program);
addRedteamCommands(program);

async function main(): Promise<number> {
  try {
    await program.parseAsync(process.argv);
    return Number(process.exitCode ?? 0);
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 1;
    if (error instanceof CliError || error instanceof AppError) console.error(`error: ${error.message}`);
    else if (error instanceof ZodError) console.error(`error: ${error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
    else console.error(error);
    return 1;
  }
}

const code = await main();
const { getDb } = await import("../../lib/db/client");
await getDb().$disconnect().catch(() => undefined);
process.exit(code);
