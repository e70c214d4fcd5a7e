import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createProjectAction, switchProjectAction } from "@/app/actions/account-actions";
import { addMemberAction, endUserSessionsAction, removeMemberAction, setInstanceAdminAction, setUserDisabledAction } from "@/app/actions/settings-actions";
import { authenticateUser } from "@/lib/auth/authenticate-user";
import { getDb } from "@/lib/db/client";
import { findMembership } from "@/lib/members/find-membership";
import { deleteProject, makeProject, makeUser, uniqueName } from "@/lib/testing/factories";

// Server actions as the settings page calls them, with the signed-in user and chosen project of `signedIn`.
const signedIn = vi.hoisted(() => ({ userId: "", projectSlug: "", chosen: [] as string[] }));
vi.mock("@/lib/next/auth", () => ({ auth: async () => (signedIn.userId ? { user: { id: signedIn.userId } } : null), signOut: async () => undefined }));
vi.mock("@/lib/next/current-project", () => ({
  currentProjectSlug: async () => signedIn.projectSlug,
  chooseProject: async (slug: string) => void signedIn.chosen.push(slug),
}));

const root = path.resolve(import.meta.dirname, "../../..");
const db = getDb();
const made: string[] = [];
let first: { id: string; slug: string };
let second: { id: string; slug: string };
let admin: Awaited<ReturnType<typeof makeUser>>;
let secondAdmin: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  [first, second] = await Promise.all([makeProject(db, "members-a"), makeProject(db, "members-b")]);
  made.push(first.id, second.id);
  [admin, secondAdmin] = await Promise.all([makeUser(db, { projectId: first.id, role: "admin" }), makeUser(db, { projectId: second.id, role: "admin" })]);
});
afterAll(async () => {
  for (const id of made) await deleteProject(db, id);
  await db.user.deleteMany({ where: { id: { in: [admin.id, secondAdmin.id] } } });
});

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const as = (userId: string, projectSlug: string) => Object.assign(signedIn, { userId, projectSlug });

describe("adding members", () => {
  it("adds an existing user of another project with their own password, and answers as for a new user", async () => {
    const existing = await makeUser(db, { projectId: first.id, role: "reviewer" });
    as(secondAdmin.id, second.slug);
    const addedExisting = await addMemberAction(null, form({ email: existing.email.toUpperCase(), password: "ignored password", role: "viewer" }));
    const newEmail = `${uniqueName("new")}@example.test`;
    const addedNew = await addMemberAction(null, form({ email: newEmail, password: "initial password", role: "viewer" }));

    expect(addedExisting).toEqual({ ok: true, data: { email: existing.email } });
    expect(addedNew).toEqual({ ok: true, data: { email: newEmail } });
    expect((await findMembership(db, { userId: existing.id, projectSlug: second.slug }))?.role).toBe("viewer");
    expect((await findMembership(db, { userId: existing.id, projectSlug: first.slug }))?.role).toBe("reviewer");
    expect(await authenticateUser(db, existing.email, existing.password)).not.toBeNull();
    expect(await authenticateUser(db, existing.email, "ignored password")).toBeNull();
    expect(await authenticateUser(db, newEmail, "initial password")).not.toBeNull();
    expect(await db.auditEvent.count({ where: { projectId: second.id, action: "member.add", subjectId: existing.id } })).toBe(1);

    expect(await addMemberAction(null, form({ email: existing.email, password: "ignored password", role: "viewer" }))).toMatchObject({
      ok: false,
      error: expect.stringContaining("already a member of this project"),
    });
    await db.user.delete({ where: { email: newEmail } });
  });
});

describe("role checks", () => {
  it("refuses members, projects and disable actions to anyone but an admin", async () => {
    const reviewer = await makeUser(db, { projectId: first.id, role: "reviewer" });
    const target = await makeUser(db, { projectId: first.id, role: "viewer" });
    as(reviewer.id, first.slug);
    const refusals = await Promise.all([
      addMemberAction(null, form({ email: `${uniqueName("x")}@example.test`, password: "initial password", role: "admin" })),
      removeMemberAction(null, form({ userId: target.id })),
      setUserDisabledAction(null, form({ userId: target.id, disabled: "true" })),
      createProjectAction(null, form({ slug: uniqueName("refused"), name: "Refused" })),
    ]);
    for (const refusal of refusals) expect(refusal).toEqual({ ok: false, error: "This needs the admin role; you are reviewer" });
    expect(await findMembership(db, { userId: target.id, projectSlug: first.slug })).not.toBeNull();
    expect((await db.user.findUniqueOrThrow({ where: { id: target.id } })).disabledAt).toBeNull();
  });

  it("lets an admin act only on members of their own project", async () => {
    const outsider = await makeUser(db, { projectId: second.id, role: "viewer" });
    as(admin.id, first.slug);
    expect(await removeMemberAction(null, form({ userId: outsider.id }))).toEqual({ ok: false, error: "Member not found" });
    expect(await setUserDisabledAction(null, form({ userId: outsider.id, disabled: "true" }))).toEqual({ ok: false, error: instanceOnly });
    expect((await db.user.findUniqueOrThrow({ where: { id: outsider.id } })).disabledAt).toBeNull();
  });
});

const instanceOnly = "Accounts belong to the instance: only an instance admin can disable an account, reset its password or end its sessions";

describe("accounts belong to the instance", () => {
  it("a project admin cannot disable, sign out or promote a member they share with another project, nor the instance's first admin", async () => {
    const owner = await makeUser(db, { projectId: first.id, role: "admin" });
    await db.user.update({ where: { id: owner.id }, data: { isInstanceAdmin: true } });
    const shared = await makeUser(db, { projectId: first.id, role: "reviewer" });
    await db.member.createMany({ data: [{ projectId: second.id, userId: shared.id, role: "viewer" }, { projectId: second.id, userId: owner.id, role: "viewer" }] });
    const [sharedBefore, ownerBefore] = await Promise.all([db.user.findUniqueOrThrow({ where: { id: shared.id } }), db.user.findUniqueOrThrow({ where: { id: owner.id } })]);

    as(secondAdmin.id, second.slug);
    for (const target of [shared, owner]) {
      expect(await setUserDisabledAction(null, form({ userId: target.id, disabled: "true" }))).toEqual({ ok: false, error: instanceOnly });
      expect(await endUserSessionsAction(null, form({ userId: target.id }))).toEqual({ ok: false, error: instanceOnly });
    }
    expect(await setInstanceAdminAction(null, form({ userId: secondAdmin.id, isInstanceAdmin: "true" }))).toEqual({ ok: false, error: instanceOnly });
    expect(await setInstanceAdminAction(null, form({ userId: owner.id, isInstanceAdmin: "false" }))).toEqual({ ok: false, error: instanceOnly });

    const [sharedAfter, ownerAfter, adminAfter] = await Promise.all([
      db.user.findUniqueOrThrow({ where: { id: shared.id } }),
      db.user.findUniqueOrThrow({ where: { id: owner.id } }),
      db.user.findUniqueOrThrow({ where: { id: secondAdmin.id } }),
    ]);
    expect(sharedAfter).toMatchObject({ disabledAt: null, sessionVersion: sharedBefore.sessionVersion });
    expect(ownerAfter).toMatchObject({ disabledAt: null, sessionVersion: ownerBefore.sessionVersion, isInstanceAdmin: true });
    expect(adminAfter.isInstanceAdmin).toBe(false);
    expect(await authenticateUser(db, shared.email, shared.password)).not.toBeNull();
    expect(await authenticateUser(db, owner.email, owner.password)).not.toBeNull();

    // Removing the shared member from B ends only B's membership: A's, and the session, go on.
    expect(await removeMemberAction(null, form({ userId: shared.id }))).toEqual({ ok: true, data: null });
    expect((await findMembership(db, { userId: shared.id, projectSlug: first.slug }))?.role).toBe("reviewer");
    expect(await findMembership(db, { userId: shared.id, projectSlug: second.slug })).toBeNull();
    expect((await db.user.findUniqueOrThrow({ where: { id: shared.id } })).sessionVersion).toBe(sharedBefore.sessionVersion);
    await db.user.update({ where: { id: owner.id }, data: { isInstanceAdmin: false } });
  });

  it("an instance admin disables and ends the sessions of any account, audited; never their own, nor another instance admin's", async () => {
    const owner = await makeUser(db, { projectId: first.id, role: "admin" });
    await db.user.update({ where: { id: owner.id }, data: { isInstanceAdmin: true } });
    const elsewhere = await makeUser(db, { projectId: second.id, role: "reviewer" });
    as(owner.id, first.slug);

    expect(await endUserSessionsAction(null, form({ userId: elsewhere.id }))).toEqual({ ok: true, data: null });
    expect(await setUserDisabledAction(null, form({ userId: elsewhere.id, disabled: "true" }))).toEqual({ ok: true, data: null });
    const row = await db.user.findUniqueOrThrow({ where: { id: elsewhere.id } });
    expect(row.disabledAt).not.toBeNull();
    expect(row.sessionVersion).toBe(2);
    expect(await authenticateUser(db, elsewhere.email, elsewhere.password)).toBeNull();
    const actions = await db.auditEvent.findMany({ where: { subjectId: elsewhere.id, actorId: owner.id }, orderBy: { createdAt: "asc" } });
    expect(actions.map((e) => e.action)).toEqual(["user.sessions_end", "user.disable"]);

    expect(await setUserDisabledAction(null, form({ userId: owner.id, disabled: "true" }))).toEqual({ ok: false, error: "You cannot disable your own account" });
    expect(await setInstanceAdminAction(null, form({ userId: admin.id, isInstanceAdmin: "true" }))).toEqual({ ok: true, data: null });
    expect(await setUserDisabledAction(null, form({ userId: admin.id, disabled: "true" }))).toEqual({
      ok: false,
      error: "An instance admin's account cannot be disabled; take the instance admin right away first",
    });
    await db.user.updateMany({ where: { id: { in: [owner.id, admin.id] } }, data: { isInstanceAdmin: false } });
  });

  it("the CLI (the operator at the shell) disables, enables, resets and names an instance admin, audited", async () => {
    const target = await makeUser(db, { projectId: second.id, role: "viewer" });
    // Another instance admin, so taking the right away from the target is never refused as the last one's.
    await db.user.update({ where: { id: admin.id }, data: { isInstanceAdmin: true } });
    const run = (...args: string[]) => {
      const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/cli/index.ts", "user", ...args, "--email", target.email.toUpperCase()], {
        cwd: root,
        env: { ...process.env, GOODHART_PASSWORD: "a password set by the operator" },
        encoding: "utf8",
        timeout: 120_000,
      });
      expect(result.status, result.stderr).toBe(0);
      return result.stdout;
    };
    expect(run("disable")).toContain(`disabled ${target.email.toUpperCase()}`);
    expect(await authenticateUser(db, target.email, target.password)).toBeNull();
    run("enable");
    run("reset-password");
    expect(await authenticateUser(db, target.email, target.password)).toBeNull();
    expect(await authenticateUser(db, target.email, "a password set by the operator")).not.toBeNull();
    run("instance-admin");
    expect((await db.user.findUniqueOrThrow({ where: { id: target.id } })).isInstanceAdmin).toBe(true);
    run("instance-admin", "--revoke");
    const events = await db.auditEvent.findMany({ where: { subjectId: target.id, actorLabel: { startsWith: "cli:" } }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => e.action)).toEqual(["user.disable", "user.enable", "user.password_reset", "user.instance_admin_grant", "user.instance_admin_revoke"]);
    await db.user.update({ where: { id: admin.id }, data: { isInstanceAdmin: false } });
  }, 240_000);
});

describe("projects", () => {
  it("an admin creates a project in the UI, becomes its admin, and can switch to it but not to a stranger's", async () => {
    as(admin.id, first.slug);
    const slug = uniqueName("ui-project");
    const created = await createProjectAction(null, form({ slug, name: "From the UI" }));
    expect(created).toEqual({ ok: true, data: { slug, name: "From the UI" } });
    const project = await db.project.findUniqueOrThrow({ where: { slug } });
    made.push(project.id);
    expect((await findMembership(db, { userId: admin.id, projectSlug: slug }))?.role).toBe("admin");
    expect(await db.auditEvent.count({ where: { projectId: project.id, action: "project.create" } })).toBe(1);
    expect(signedIn.chosen.at(-1)).toBe(slug);

    expect(await createProjectAction(null, form({ slug, name: "Again" }))).toMatchObject({ ok: false, error: `A project with slug "${slug}" already exists` });
    expect(await createProjectAction(null, form({ slug: "Not A Slug", name: "x" }))).toMatchObject({ ok: false, fields: { slug: expect.any(String) } });

    expect(await switchProjectAction(null, form({ slug: first.slug }))).toEqual({ ok: true, data: { slug: first.slug } });
    expect(await switchProjectAction(null, form({ slug: second.slug }))).toEqual({ ok: false, error: "Project not found" });
    expect(signedIn.chosen.at(-1)).toBe(first.slug);
  });

  it("`goodhart project create` makes the named user its admin", async () => {
    const slug = uniqueName("cli-project");
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/cli/index.ts", ...args], { cwd: root, env: process.env, encoding: "utf8", timeout: 120_000 });
    const result = cli("project", "create", "--slug", slug, "--name", "From the CLI", "--admin", secondAdmin.email, "--json");
    expect(result.status, result.stderr).toBe(0);
    const project = await db.project.findUniqueOrThrow({ where: { slug } });
    made.push(project.id);
    expect(JSON.parse(result.stdout.trim())).toEqual({ id: project.id, slug, name: "From the CLI", admin: secondAdmin.email });
    expect((await findMembership(db, { userId: secondAdmin.id, projectSlug: slug }))?.role).toBe("admin");

    const again = cli("project", "create", "--slug", slug, "--name", "Again", "--admin", secondAdmin.email);
    expect(again.status).toBe(1);
    expect(again.stderr.trim()).toBe(`error: A project with slug "${slug}" already exists`);
    const nobody = cli("project", "create", "--slug", uniqueName("cli-none"), "--name", "x", "--admin", "nobody-here@example.test");
    expect(nobody.status).toBe(1);
    expect(nobody.stderr).toContain("no user with email nobody-here@example.test");
  });
});
