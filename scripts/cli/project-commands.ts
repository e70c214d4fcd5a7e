import type { Command } from "commander";
import { createProject } from "../../lib/projects/create-project";
import { CliError, openCli } from "./cli-context";

export function addProjectCommands(program: Command) {
  const project = program.command("project").description("manage projects");
  project
    .command("create")
    .description("create a project; --admin (default GOODHART_ADMIN_EMAIL) names the existing user who becomes its admin")
    .requiredOption("--slug <slug>", "the project's slug: lower-case letters, digits and dashes")
    .requiredOption("--name <name>", "the project's display name")
    .option("--admin <email>", "an existing user who becomes the project's admin")
    .option("--json", "print the result as one JSON line")
    .action(async (options: { slug: string; name: string; admin?: string; json?: boolean }) => {
      const adminEmail = (options.admin ?? process.env.GOODHART_ADMIN_EMAIL)?.toLowerCase();
      if (!adminEmail) throw new CliError("name the project's admin with --admin EMAIL (an existing user; `goodhart user create` makes one)");
      const { db, actor } = await openCli({});
      const admin = await db.user.findUnique({ where: { email: adminEmail } });
      if (!admin) throw new CliError(`no user with email ${adminEmail}; create one first with \`goodhart user create\``);
      const created = await createProject(db, { input: { slug: options.slug, name: options.name }, adminUserId: admin.id, actor });
      if (options.json) console.log(JSON.stringify({ id: created.id, slug: created.slug, name: created.name, admin: admin.email }));
      else console.log(`created project ${created.slug} ("${created.name}") with ${admin.email} as its admin`);
    });
}
