import "server-only";
import { readBodyLimited } from "../ingest/read-body-limited";
import { MAX_JSON_BODY_BYTES } from "../json/json-limits";
import { parseJsonBody } from "../json/parse-json-body";

/**
 * The one way a route reads a JSON body: refused with 413 past `maxBytes` before it is buffered,
 * 400 with where it went wrong when it is not UTF-8, not JSON, nested too deep or holds a lone surrogate.
 */
export async function readJsonBody(request: Request, { maxBytes = MAX_JSON_BODY_BYTES, maxDepth, advice }: { maxBytes?: number; maxDepth?: number; advice?: string } = {}): Promise<unknown> {
  return parseJsonBody(await readBodyLimited(request, maxBytes, { advice }), { maxDepth });
}
