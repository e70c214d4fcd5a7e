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

const touching = new Set<Promise<void>>();

function touchLastUsed(db: Db, apiKeyId: string): void {
  const touch = retryOnBusy(() => db.apiKey.update({ where: { id: apiKeyId }, data: { lastUsedAt: new Date() } }))
    .then(() => undefined)
    .catch((error: unknown) => console.error(`[api-keys] could not note when key ${apiKeyId} was last used: ${error instanceof Error ? error.message : String(error)}`))
    .finally(() => touching.delete(touch));
  touching.add(touch);
}

/** Settles once the lastUsedAt writes under way are done (they never fail a request, nor this). */
export async function lastUsedWritesDone(): Promise<void> {
  await Promise.all([...touching]);
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
  // Touch lastUsedAt at most once a minute (a write per request would serialise SQLite), and without
  // the request waiting for it: a busy database would otherwise hold a trainer's request for seconds.
  if (!apiKey.lastUsedAt || Date.now() - apiKey.lastUsedAt.getTime() > lastUsedResolutionMs) touchLastUsed(db, apiKey.id);
  return { apiKeyId: apiKey.id, projectId: apiKey.projectId, projectSlug: apiKey.project.slug, name: apiKey.name };
}
