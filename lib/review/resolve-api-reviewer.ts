import { findKeyMember } from "../api-keys/find-key-member";
import { hasRole, parseRole } from "../auth/roles";
import type { Db } from "../db/client";
import { forbidden } from "../errors/app-error";

/**
 * Who decides when a decision comes through the API: the member who created the key. API keys
 * are project credentials made by an admin; a decision still needs a person to own its human
 * labels, so a key whose creator is gone, disabled, or no longer a reviewer or admin may read the
 * queue but not decide. Starting a red-team or grounding run (judge calls the project pays for) is
 * held to the same rule, as the pages that start them are.
 */
export async function resolveApiReviewer(db: Db, { apiKeyId, projectId, keyName }: { apiKeyId: string; projectId: string; keyName: string }) {
  const member = await findKeyMember(db, { apiKeyId, projectId });
  if (!member || !hasRole(parseRole(member.role), "reviewer")) {
    throw forbidden("Decisions, approvals, imports, red-team runs and grounding runs through the API are made in the name of the key's creator, who must be an enabled reviewer or admin of this project (make one with: goodhart api-key create --as EMAIL)");
  }
  return { userId: member.userId, label: `${member.email} via api-key:${keyName}` };
}
