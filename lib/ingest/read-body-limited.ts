import { AppError } from "../errors/app-error";
import { formatBytes } from "./limits";

/**
 * Reads a request body into memory, refusing it with 413 when its Content-Length says it is over
 * `limit`, or when the bytes actually sent are (a missing or lying header does not get past).
 */
export async function readBodyLimited(request: Request, limit: number, { advice }: { advice?: string } = {}): Promise<Uint8Array> {
  assertDeclaredLengthWithin(request, limit, { advice });
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit, advice);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/** 413 when the request's Content-Length is over `limit`, before a byte of the body is read. */
export function assertDeclaredLengthWithin(request: Request, limit: number, { advice }: { advice?: string } = {}): void {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit, advice);
}

const tooLarge = (limit: number, advice?: string) =>
  new AppError("payload_too_large", `The body is over the ${formatBytes(limit)} limit${advice ? `; ${advice}` : ""}`, [{ limit }]);
