import type { Command } from "commander";
import { operatorAuthority, type AccountAuthority } from "../../lib/accounts/account-authority";
import type { Db } from "../../lib/db/client";
import { endAccountSessions } from "../../lib/accounts/end-account-sessions";
import { resetAccountPassword } from "../../lib/accounts/reset-account-password";
import { setAccountDisabled } from "../../lib/accounts/set-account-disabled";
import { setInstanceAdmin } from "../../lib/accounts/set-instance-admin";
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

  // Account-wide acts: the operator at the shell has the instance admin's authority.
  const accountCommand = (name: string, description: string, act: (db: Db, email: string, authority: AccountAuthority) => Promise<string>) =>
    user
      .command(name)
      .description(description)
      .requiredOption("--email <email>", "the account's email")
      .action(async (options: { email: string }) => {
        const { db, actor } = await openCli({});
        console.log(await act(db, options.email, operatorAuthority(actor.label)));
      });
  accountCommand("disable", "disable an account in every project (no sign-in; its sessions end)", async (db, email, authority) => {
    await setAccountDisabled(db, { email, isDisabled: true, authority });
    return `disabled ${email}`;
  });
  accountCommand("enable", "enable a disabled account again", async (db, email, authority) => {
    await setAccountDisabled(db, { email, isDisabled: false, authority });
    return `enabled ${email}`;
  });
  accountCommand("end-sessions", "end every session of an account, in every project", async (db, email, authority) => {
    await endAccountSessions(db, { email, authority });
    return `ended the sessions of ${email}`;
  });
  accountCommand("reset-password", "set a new password (from GOODHART_PASSWORD, or prompted); the account's sessions end", async (db, email, authority) => {
    const password = process.env.GOODHART_PASSWORD || (await promptPassword(`New password for ${email}: `));
    await resetAccountPassword(db, { email, password, authority });
    return `reset the password of ${email}`;
  });
  user
    .command("instance-admin")
    .description("name an instance admin (manages accounts across projects), or take the right away with --revoke")
    .requiredOption("--email <email>", "the account's email")
    .option("--revoke", "take the right away")
    .action(async (options: { email: string; revoke?: boolean }) => {
      const { db, actor } = await openCli({});
      await setInstanceAdmin(db, { email: options.email, isInstanceAdmin: !options.revoke, authority: operatorAuthority(actor.label) });
      console.log(`${options.revoke ? "revoked instance admin of" : "made instance admin"} ${options.email}`);
    });
}
