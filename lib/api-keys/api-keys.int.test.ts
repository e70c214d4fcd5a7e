import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemActor } from "../audit/record-audit-event";
import { getDb } from "../db/client";
import { deleteProject, makeProject } from "../testing/factories";
import { hashApiKey } from "./api-key-secret";
import { createApiKey } from "./create-api-key";
import { revokeApiKey } from "./revoke-api-key";
import { lastUsedWritesDone, verifyApiKey } from "./verify-api-key";

const db = getDb();
let projectId: string;

beforeAll(async () => {
  projectId = (await makeProject(db, "keys")).id;
});
afterAll(() => deleteProject(db, projectId));

describe("API keys", () => {
  it("stores only a hash of the key, and the key authenticates as its project", async () => {
    const created = await createApiKey(db, { projectId, name: "trainer", actor: systemActor });
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(JSON.stringify(row)).not.toContain(created.key);
    expect(row.keyHash).toBe(hashApiKey(created.key));
    expect(created.key.startsWith(row.prefix)).toBe(true);

    const principal = await verifyApiKey(db, `Bearer ${created.key}`);
    expect(principal).toMatchObject({ projectId, name: "trainer" });
    await lastUsedWritesDone();
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: created.id } })).lastUsedAt).not.toBeNull();
  });

  it("answers many concurrent requests with one key alike, and refuses the key from the first request after it is revoked, even while a lookup was under way", async () => {
    const created = await createApiKey(db, { projectId, name: "busy trainer", actor: systemActor });
    const answers = await Promise.all(Array.from({ length: 64 }, () => verifyApiKey(db, `Bearer ${created.key}`)));
    expect(new Set(answers.map((principal) => principal.apiKeyId))).toEqual(new Set([created.id]));

    const other = await createApiKey(db, { projectId, name: "revoked mid-lookup", actor: systemActor });
    const underWay = verifyApiKey(db, `Bearer ${other.key}`);
    await revokeApiKey(db, { projectId, apiKeyId: other.id, actor: systemActor });
    await underWay.catch(() => null); // read before or after the revocation: either answer is fair for a request sent before it
    await expect(verifyApiKey(db, `Bearer ${other.key}`)).rejects.toMatchObject({ code: "unauthorized" });
  });

  it("refuses a missing, malformed, unknown or revoked key with 401", async () => {
    const created = await createApiKey(db, { projectId, name: "short-lived", actor: systemActor });
    for (const header of [null, "", "Basic abc", `Bearer ${created.key}x`]) {
      await expect(verifyApiKey(db, header)).rejects.toMatchObject({ code: "unauthorized", status: 401 });
    }
    await revokeApiKey(db, { projectId, apiKeyId: created.id, actor: systemActor });
    await expect(verifyApiKey(db, `Bearer ${created.key}`)).rejects.toMatchObject({ code: "unauthorized" });
    const actions = await db.auditEvent.findMany({ where: { projectId, subjectId: created.id }, select: { action: true }, orderBy: { createdAt: "asc" } });
    expect(actions.map((a) => a.action)).toEqual(["api_key.create", "api_key.revoke"]);
  });

  it("cannot revoke another project's key", async () => {
    const other = await makeProject(db, "other");
    try {
      const created = await createApiKey(db, { projectId: other.id, name: "theirs", actor: systemActor });
      await expect(revokeApiKey(db, { projectId, apiKeyId: created.id, actor: systemActor })).rejects.toMatchObject({ code: "not_found" });
      expect((await db.apiKey.findUniqueOrThrow({ where: { id: created.id } })).revokedAt).toBeNull();
    } finally {
      await deleteProject(db, other.id);
    }
  });
});
