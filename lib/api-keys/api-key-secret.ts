import { createHash, randomBytes } from "node:crypto";

const keyPrefix = "gh_";

/** A new key: 32 random bytes, shown once. Only its SHA-256 is stored (a random key needs no slow hash). */
export function generateApiKey(): { key: string; prefix: string; keyHash: string } {
  const key = keyPrefix + randomBytes(32).toString("base64url");
  return { key, prefix: key.slice(0, keyPrefix.length + 6), keyHash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}
