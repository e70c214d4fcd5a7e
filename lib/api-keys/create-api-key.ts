import { recordAuditEvent, type Actor } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import { generateApiKey } from "./api-key-secret";

export async function createApiKey(db: Db, { projectId, name, actor }: { projectId: string; name: string; actor: Actor }) {
  const { key, prefix, keyHash } = generateApiKey();
  const apiKey = await db.$transaction(async (tx) => {
    const created = await tx.apiKey.create({ data: { projectId, name, prefix, keyHash, createdById: actor.userId ?? null } });
    await recordAuditEvent(tx, { projectId, actor, action: "api_key.create", subjectType: "api_key", subjectId: created.id, details: { name, prefix } });
    return created;
  });
  return { id: apiKey.id, name, prefix, key };
}
