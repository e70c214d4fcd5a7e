// The production web server (npm start runs it in place of `next start`): Next's request handler
// behind a plain Node HTTP server that first decides the client's address. Next copies the socket's
// address into X-Forwarded-For only when the header is absent, so under `next start` a client
// chooses the address the sign-in throttle counts it under; here the header is rewritten to the
// address resolved from the socket and the operator's trusted proxies (GOODHART_TRUSTED_PROXIES).
import { createServer } from "node:http";
import path from "node:path";
import next from "next";
import { readEnv } from "../lib/env";
import { resolveClientAddress } from "../lib/http/resolve-client-address";

const root = path.resolve(import.meta.dirname, "..");
const env = readEnv();
const portFlag = process.argv.indexOf("--port");
const port = portFlag > 0 ? Number(process.argv[portFlag + 1]) : env.PORT;
const hostnameFlag = process.argv.indexOf("--hostname");
const hostname = hostnameFlag > 0 ? process.argv[hostnameFlag + 1]! : "127.0.0.1";

const app = next({ dev: false, dir: root, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((request, response) => {
  request.headers["x-forwarded-for"] = resolveClientAddress({
    socketAddress: request.socket.remoteAddress,
    forwardedFor: request.headers["x-forwarded-for"],
    trustedProxies: env.GOODHART_TRUSTED_PROXIES ?? [],
  });
  void handle(request, response);
});
server.listen(port, hostname, () => console.log(`[goodhart] web server listening on http://${hostname}:${port}`));

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    // Open keep-alive connections would hold close() back; they are idle once the answers are sent.
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
