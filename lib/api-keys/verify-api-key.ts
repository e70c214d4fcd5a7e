import type { Db } from "../db/client";
import { retryOnBusy } from "../db/retry-on-busy";
import { AppError } from "../errors/app-error";
import { expiringLookups } from "../expiring-lookups";
import { hashApiKey } from "./api-key-secret";

export type ApiKeyPrincipal = { apiKeyId: string; projectId: string; projectSlug: string; name: string };

const lastUsedResolutionMs = 60_000;
// A trainer sends thousands of requests a minute with one key: a verified key is trusted this long
// without a lookup. Revoking in this process forgets it at once (forgetVerifiedKeys).
const verifiedTtlMs = 5_000;
const verified = expiringLookups<ApiKeyPrincipal>("goodhart.verifiedApiKeys", verifiedTtlMs);

export function forgetVerifiedKeys(): void {
  verified.forget();
}

/** Resolves a Bearer token to its project; 401 when missing, unknown or revoked. */
export async function verifyApiKey(db: Db, authorization: string | null): Promise<ApiKeyPrincipal> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? "");
  if (!match?.[1]) throw new AppError("unauthorized", "Send a project API key as 'Authorization: Bearer KEY'");
  const keyHash = hashApiKey(match[1]);
  return verified.get(keyHash, () => lookUpKey(db, keyHash));
}

async function lookUpKey(db: Db, keyHash: string): Promise<ApiKeyPrincipal> {
  const apiKey = await db.apiKey.findUnique({ where: { keyHash }, include: { project: { select: { slug: true } } } });
  if (!apiKey || apiKey.revokedAt) throw new AppError("unauthorized", "The API key is not valid or has been revoked");
  // Touch lastUsedAt at most once a minute: a write per request would serialise SQLite.
  if (!apiKey.lastUsedAt || Date.now() - apiKey.lastUsedAt.getTime() > lastUsedResolutionMs) {
    await retryOnBusy(() => db.apiKey.update({ where: { id: apiKey.id }, data: { lastUsedAt: new Date() } }));
  }
  return { apiKeyId: apiKey.id, projectId: apiKey.projectId, projectSlug: apiKey.project.slug, name: apiKey.name };
}
