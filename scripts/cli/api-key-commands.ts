import type { Command } from "commander";
import { createApiKey } from "../../lib/api-keys/create-api-key";
import { openCli } from "./cli-context";

export function addApiKeyCommands(program: Command) {
  const apiKey = program.command("api-key").description("manage project API keys");
  apiKey
    .command("create")
    .description("create an API key for /api/v1 (printed once; only its hash is stored)")
    .option("--project <slug>", "project", "default")
    .option("--name <name>", "a name to recognise the key by", "cli")
    .option("--json", "print the result as one JSON line")
    .action(async (options: { project: string; name: string; json?: boolean }) => {
      const { db, project, actor } = await openCli(options);
      const created = await createApiKey(db, { projectId: project.id, name: options.name, actor });
      if (options.json) {
        console.log(JSON.stringify({ id: created.id, name: created.name, project: project.slug, key: created.key }));
      } else {
        console.error(`API key "${created.name}" for project ${project.slug} (shown once, store it now):`);
        console.log(created.key);
      }
    });
}
