import "server-only";
import { readBodyLimited } from "../http/read-body-limited";
import { MAX_JSON_BODY_BYTES } from "../json/json-limits";
import { parseJsonBody } from "../json/parse-json-body";

/**
 * The one way a route reads a JSON body: refused with 413 past `maxBytes` before it is buffered,
 * 400 with where it went wrong when it is not UTF-8, not JSON, nested too deep or holds a lone surrogate.
 * With `emptyAs`, a body that is empty (or only whitespace) reads as that value, for routes whose body is optional.
 */
export async function readJsonBody(
  request: Request,
  { maxBytes = MAX_JSON_BODY_BYTES, maxDepth, advice, emptyAs }: { maxBytes?: number; maxDepth?: number; advice?: string; emptyAs?: unknown } = {},
): Promise<unknown> {
  const bytes = await readBodyLimited(request, maxBytes, { advice });
  if (emptyAs !== undefined && bytes.every((byte) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09)) return emptyAs;
  return parseJsonBody(bytes, { maxDepth });
}
