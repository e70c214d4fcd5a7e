import { AppError } from "../errors/app-error";

/**
 * The next chunk of a request body, or 408 when none arrives for `idleMs`: a client that declares a
 * body and then stalls must not hold the request (and its memory) open for ever.
 */
export async function readChunkWithin(reader: ReadableStreamDefaultReader<Uint8Array>, idleMs: number): Promise<ReadableStreamReadResult<Uint8Array>> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new AppError("request_timeout", `The body stalled: no byte arrived for ${idleMs / 1000} s; send it again`, [{ idleSeconds: idleMs / 1000 }])),
      idleMs,
    );
  });
  try {
    return await Promise.race([reader.read(), stalled]);
  } finally {
    clearTimeout(timer);
  }
}

/** GOODHART_BODY_IDLE_SECONDS, read where the env is set (the web server); 30 s otherwise. */
export function bodyIdleMs(): number {
  const seconds = Number(process.env.GOODHART_BODY_IDLE_SECONDS);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 30_000;
}
