import type { IncomingMessage } from "node:http";
import { AppError } from "../errors/app-error";
import { tooLarge } from "./read-body-limited";
import { bodyIdleMs } from "./read-chunk-within";

/**
 * readBodyLimited for a plain node:http server (the reward server): the same 413 when the
 * Content-Length or the bytes actually sent are over `limit`, and 408 when the body stalls.
 */
export function readNodeBodyLimited(request: IncomingMessage, limit: number, { advice, idleMs = bodyIdleMs() }: { advice?: string; idleMs?: number } = {}): Promise<Uint8Array> {
  const declared = Number(request.headers["content-length"] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit, advice));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const fail = (error: unknown) => {
      clearTimeout(timer);
      request.removeListener("data", onData);
      // The rest of the body is read and dropped, so the connection can carry the answer.
      request.resume();
      reject(error);
    };
    const timer = setTimeout(() => fail(new AppError("request_timeout", `The body stalled: no byte arrived for ${idleMs / 1000} s; send it again`, [{ idleSeconds: idleMs / 1000 }])), idleMs);
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) return fail(tooLarge(limit, advice));
      chunks.push(chunk);
      timer.refresh();
    };
    request.on("data", onData);
    request.once("end", () => {
      clearTimeout(timer);
      if (total <= limit) resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total));
    });
    request.once("error", fail);
  });
}
