import { request as httpRequest } from "node:http";

export type RawAnswer = { status: number; body: string; ms: number };

/**
 * One request over a real socket, with the body under the test's control: a declared length with
 * nothing sent, a few bytes then a stall, or a chunked body the server may cut off while it is being
 * written (the answer is read even when the server closes before the whole body is sent).
 */
export function rawRequest(
  url: string,
  { method = "POST", headers = {}, send }: { method?: string; headers?: Record<string, string>; send?: (write: (chunk: Buffer) => Promise<boolean>) => Promise<"end" | "stall"> },
): Promise<RawAnswer> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let isClosed = false;
    const req = httpRequest(url, { method, headers, agent: false }, (response) => {
      isClosed = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), ms: Date.now() - started });
        req.destroy();
      });
    });
    // The server may answer and close while the body is still being written: that is the point.
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (!isClosed) reject(error);
    });
    req.flushHeaders();
    // Resolves false once the server has answered: the writer stops there.
    const write = (chunk: Buffer) =>
      new Promise<boolean>((done) => {
        if (isClosed || req.destroyed) return done(false);
        req.write(chunk, () => done(!isClosed));
      });
    if (send) {
      send(write)
        .then((how) => {
          if (how === "end" && !isClosed) req.end();
        })
        .catch(() => undefined);
    }
  });
}
