import { AppError } from "../errors/app-error";
import { bodyIdleMs, readChunkWithin } from "./read-chunk-within";
import { formatBytes } from "./body-limits";

/**
 * The one body reader of the routes: reads a request body into memory, refusing it with 413 when
 * its Content-Length says it is over `limit` (before a byte is read), or when the bytes actually
 * sent are (a missing or lying header does not get past), and with 408 when the body stalls.
 */
export async function readBodyLimited(request: Request, limit: number, { advice, idleMs = bodyIdleMs() }: { advice?: string; idleMs?: number } = {}): Promise<Uint8Array> {
  assertDeclaredLengthWithin(request, limit, { advice });
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  try {
    for (;;) {
      const { done, value } = await readChunkWithin(reader, idleMs);
      if (done) break;
      total += value.length;
      if (total > limit) throw tooLarge(limit, advice);
      chunks.push(value);
    }
  } catch (error) {
    void reader.cancel().catch(() => undefined);
    throw error;
  }
  return Buffer.concat(chunks, total);
}

/** 413 when the request's Content-Length is over `limit`, before a byte of the body is read. */
export function assertDeclaredLengthWithin(request: Request, limit: number, { advice }: { advice?: string } = {}): void {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit, advice);
}

/** 413: the body is over `limit`. */
export const tooLarge = (limit: number, advice?: string) =>
  new AppError("payload_too_large", `The body is over the ${formatBytes(limit)} limit${advice ? `; ${advice}` : ""}`, [{ limit }]);
