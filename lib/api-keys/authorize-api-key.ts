import type { Db } from "../db/client";
import { forbidden } from "../errors/app-error";
import { verifyApiKey, type ApiKeyPrincipal } from "./verify-api-key";

/**
 * The /api/v1 rule, for every server that answers it: a project API key (401 without a valid one),
 * and a project the request names (`?project=` or `X-Goodhart-Project`) must be the key's own.
 */
export async function authorizeApiKey(db: Db, { authorization, askedProject }: { authorization: string | null; askedProject: string | null }): Promise<ApiKeyPrincipal> {
  const key = await verifyApiKey(db, authorization);
  if (askedProject && askedProject !== key.projectSlug) throw forbidden(`This API key belongs to project "${key.projectSlug}", not "${askedProject}"`);
  return key;
}
