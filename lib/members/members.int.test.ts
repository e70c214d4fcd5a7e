import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticateUser } from "../auth/authenticate-user";
import { hashCostOf, passwordHashCost } from "../auth/password";
import { systemActor } from "../audit/record-audit-event";
import { getDb } from "../db/client";
import { deleteProject, makeProject, makeUser } from "../testing/factories";
import { createUser } from "./create-user";
import { findMembership } from "./find-membership";
import { setMemberRole } from "./set-member-role";

const db = getDb();
let project: { id: string; slug: string };

beforeAll(async () => {
  project = await makeProject(db, "members");
});
afterAll(() => deleteProject(db, project.id));

describe("users and roles", () => {
  it("hashes the password and signs in only with the right one", async () => {
    const user = await makeUser(db, { projectId: project.id, role: "reviewer" });
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.passwordHash).not.toContain(user.password);
    expect(row.passwordHash).toMatch(/^\$2[aby]\$\d\d\$/);
    expect(hashCostOf(row.passwordHash)).toBe(passwordHashCost());
    expect(await authenticateUser(db, user.email.toUpperCase(), user.password)).toMatchObject({ id: user.id });
    expect(await authenticateUser(db, user.email, "wrong password")).toBeNull();
    expect(await authenticateUser(db, "nobody@example.test", user.password)).toBeNull();
  });

  it("refuses a second user with the same email and leaves the first intact", async () => {
    const user = await makeUser(db, { projectId: project.id, role: "viewer" });
    await expect(
      createUser(db, { projectId: project.id, actor: systemActor, input: { email: user.email, password: "another password", role: "admin" } }),
    ).rejects.toMatchObject({ code: "conflict" });
    expect(await authenticateUser(db, user.email, user.password)).not.toBeNull();
    expect((await findMembership(db, { userId: user.id, projectSlug: project.slug }))?.role).toBe("viewer");
  });

  it("records a role change in the audit log, and keeps the last admin an admin", async () => {
    const admin = await makeUser(db, { projectId: project.id, role: "admin" });
    const viewer = await makeUser(db, { projectId: project.id, role: "viewer" });
    await setMemberRole(db, { projectId: project.id, userId: viewer.id, role: "reviewer", actor: { userId: admin.id, label: admin.email } });
    expect((await findMembership(db, { userId: viewer.id, projectSlug: project.slug }))?.role).toBe("reviewer");
    const event = await db.auditEvent.findFirstOrThrow({ where: { projectId: project.id, action: "member.role_change", subjectId: viewer.id } });
    expect(event).toMatchObject({ actorId: admin.id, details: { from: "viewer", to: "reviewer" } });

    await expect(setMemberRole(db, { projectId: project.id, userId: admin.id, role: "viewer", actor: systemActor })).rejects.toMatchObject({ code: "conflict" });
  });
});
