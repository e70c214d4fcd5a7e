import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../api-keys/create-api-key";
import { getDb } from "../db/client";
import { userAuthority } from "../accounts/account-authority";
import { setAccountDisabled } from "../accounts/set-account-disabled";
import { deleteProject, makeProject, makeUser } from "../testing/factories";
import { resolveApiReviewer } from "./resolve-api-reviewer";

const db = getDb();
let project: { id: string };

beforeAll(async () => {
  project = await makeProject(db, "api-reviewer");
});
afterAll(() => deleteProject(db, project.id));

describe("resolveApiReviewer", () => {
  it("stops deciding in the name of a key's creator once an instance admin disables them", async () => {
    const [admin, reviewer] = await Promise.all([
      makeUser(db, { projectId: project.id, role: "admin" }),
      makeUser(db, { projectId: project.id, role: "reviewer" }),
    ]);
    const key = await createApiKey(db, { projectId: project.id, name: "triage", actor: { userId: reviewer.id, label: reviewer.email } });
    const resolve = () => resolveApiReviewer(db, { apiKeyId: key.id, projectId: project.id, keyName: "triage" });
    expect(await resolve()).toEqual({ userId: reviewer.id, label: `${reviewer.email} via api-key:triage` });
    await db.user.update({ where: { id: admin.id }, data: { isInstanceAdmin: true } });
    await setAccountDisabled(db, { userId: reviewer.id, isDisabled: true, authority: userAuthority({ userId: admin.id, label: admin.email }) });
    await expect(resolve()).rejects.toMatchObject({ code: "forbidden" });
  });
});
