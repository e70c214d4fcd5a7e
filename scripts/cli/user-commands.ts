import type { Command } from "commander";
import { parseRole } from "../../lib/auth/roles";
import { createUser } from "../../lib/members/create-user";
import { CliError, openCli } from "./cli-context";
import { promptPassword } from "./prompt-password";

export function addUserCommands(program: Command) {
  const user = program.command("user").description("manage users");
  user
    .command("create")
    .description("create a user with a role in a project (password from GOODHART_PASSWORD, or prompted)")
    .requiredOption("--email <email>", "the user's email, used to sign in")
    .requiredOption("--role <role>", "admin | reviewer | viewer")
    .option("--name <name>", "display name")
    .option("--project <slug>", "project", "default")
    .option("--reset", "reset the password and role of an existing user")
    .option("--json", "print the result as one JSON line")
    .action(async (options: { email: string; role: string; name?: string; project: string; reset?: boolean; json?: boolean }) => {
      const role = (() => {
        try {
          return parseRole(options.role);
        } catch {
          throw new CliError(`--role must be admin, reviewer or viewer; got "${options.role}"`);
        }
      })();
      const password = process.env.GOODHART_PASSWORD || (await promptPassword(`Password for ${options.email}: `));
      const { db, project, actor } = await openCli(options);
      const created = await createUser(db, {
        projectId: project.id,
        actor,
        input: { email: options.email, password, name: options.name, role },
        updateExisting: options.reset ?? false,
      });
      if (options.json) console.log(JSON.stringify({ id: created.id, email: created.email, role: created.role, project: project.slug, created: created.isNew }));
      else console.log(`${created.isNew ? "created" : "updated"} ${created.email} as ${created.role} in project ${project.slug}`);
    });
}
