import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export type CapturedExport = { path: string; headers: IncomingHttpHeaders; body: Buffer };

/**
 * A local OTLP/HTTP endpoint for tests: the real exporters send to it, it keeps each request's
 * exact bytes and headers and answers an empty success, so a test can hand the same body to the
 * route handler.
 */
export async function startOtlpCapture() {
  const exports: CapturedExport[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    exports.push({ path: req.url ?? "/", headers: req.headers, body: Buffer.concat(chunks) });
    const isJson = (req.headers["content-type"] ?? "").includes("json");
    res.writeHead(200, { "content-type": isJson ? "application/json" : "application/x-protobuf" });
    res.end(isJson ? "{}" : Buffer.alloc(0));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exports,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
