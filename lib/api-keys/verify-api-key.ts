import type { Db } from "../db/client";
import { retryOnBusy } from "../db/retry-on-busy";
import { AppError } from "../errors/app-error";
import { processWide } from "../process-wide";
import { hashApiKey } from "./api-key-secret";

export type ApiKeyPrincipal = { apiKeyId: string; projectId: string; projectSlug: string; name: string };

const lastUsedResolutionMs = 60_000;
// A trainer sends thousands of requests a minute with one key: a verified key is trusted this long
// without a lookup. Revoking in this process forgets it at once (forgetVerifiedKeys).
const verifiedTtlMs = 5_000;
const verified = processWide("goodhart.verifiedApiKeys", () => new Map<string, { principal: ApiKeyPrincipal; until: number }>());
// One lookup per key at a time: when the cached entry lapses, the requests in flight with that key
// (64 at a trainer's usual concurrency) wait for the same query instead of each sending its own.
const lookups = processWide("goodhart.apiKeyLookups", () => ({ generation: 0, pending: new Map<string, Promise<ApiKeyPrincipal>>() }));

export function forgetVerifiedKeys(): void {
  verified.clear();
  // A lookup already under way may have read the key before it was revoked: its answer is not kept.
  lookups.generation += 1;
  lookups.pending.clear();
}

/** Resolves a Bearer token to its project; 401 when missing, unknown or revoked. */
export async function verifyApiKey(db: Db, authorization: string | null): Promise<ApiKeyPrincipal> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? "");
  if (!match?.[1]) throw new AppError("unauthorized", "Send a project API key as 'Authorization: Bearer KEY'");
  const keyHash = hashApiKey(match[1]);
  const cached = verified.get(keyHash);
  if (cached && cached.until > Date.now()) return cached.principal;
  const pending = lookups.pending.get(keyHash);
  if (pending) return pending;
  const generation = lookups.generation;
  const lookup = lookUpKey(db, keyHash)
    .then((principal) => {
      if (lookups.generation === generation) verified.set(keyHash, { principal, until: Date.now() + verifiedTtlMs });
      return principal;
    })
    .finally(() => {
      if (lookups.pending.get(keyHash) === lookup) lookups.pending.delete(keyHash);
    });
  lookups.pending.set(keyHash, lookup);
  return lookup;
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
