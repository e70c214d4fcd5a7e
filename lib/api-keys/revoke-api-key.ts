import { recordAuditEvent, type Actor } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import { notFound } from "../errors/app-error";
import { forgetVerifiedKeys } from "./verify-api-key";

export async function revokeApiKey(db: Db, { projectId, apiKeyId, actor }: { projectId: string; apiKeyId: string; actor: Actor }) {
  const revoked = await db.$transaction(async (tx) => {
    const apiKey = await tx.apiKey.findFirst({ where: { id: apiKeyId, projectId } });
    if (!apiKey) throw notFound("API key");
    if (apiKey.revokedAt) return apiKey;
    const revoked = await tx.apiKey.update({ where: { id: apiKey.id }, data: { revokedAt: new Date() } });
    await recordAuditEvent(tx, { projectId, actor, action: "api_key.revoke", subjectType: "api_key", subjectId: apiKey.id, details: { name: apiKey.name } });
    return revoked;
  });
  forgetVerifiedKeys();
  return revoked;
}
