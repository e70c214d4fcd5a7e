import type { Command } from "commander";
import { createApiKey } from "../../lib/api-keys/create-api-key";
import { createMemberApiKey } from "../../lib/api-keys/create-member-api-key";
import { CliError, openCli } from "./cli-context";

export function addApiKeyCommands(program: Command) {
  const apiKey = program.command("api-key").description("manage project API keys");
  apiKey
    .command("create")
    .description("create an API key for /api/v1 (printed once; only its hash is stored)")
    .option("--project <slug>", "project", "default")
    .option("--name <name>", "a name to recognise the key by", "cli")
    .option("--as <email>", "act in this member's name, with their role (without it the key reads but cannot decide or approve)")
    .option("--json", "print the result as one JSON line")
    .action(async (options: { project: string; name: string; as?: string; json?: boolean }) => {
      // `--as "$EMAIL"` with the variable unset would otherwise quietly make a key that cannot decide.
      if (options.as !== undefined && options.as.trim() === "") throw new CliError("--as needs a member's email; it was empty (leave --as out for a key that only reads)");
      const { db, project, actor } = await openCli(options);
      const created = options.as
        ? await createMemberApiKey(db, { projectId: project.id, email: options.as, name: options.name, actor })
        : { ...(await createApiKey(db, { projectId: project.id, name: options.name, actor })), actingAs: null };
      if (options.json) {
        console.log(JSON.stringify({ id: created.id, name: created.name, project: project.slug, actingAs: created.actingAs, key: created.key }));
      } else {
        const who = created.actingAs ? ` acting as ${created.actingAs.email} (${created.actingAs.role})` : " (reads only: no member behind it)";
        console.error(`API key "${created.name}" for project ${project.slug}${who} (shown once, store it now):`);
        console.log(created.key);
      }
    });
}
