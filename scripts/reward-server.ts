// The reward server (npm start runs it when GOODHART_REWARD_PORT is set): POST /api/v1/reward and
// /api/v1/reward/openrlhf on a plain node:http server beside the web app, same database and API keys.
import { getDb } from "../lib/db/client";
import { readEnv } from "../lib/env";
import { createRewardServer } from "../lib/reward/reward-server";

const env = readEnv();
const portFlag = process.argv.indexOf("--port");
const port = portFlag > 0 ? Number(process.argv[portFlag + 1]) : env.GOODHART_REWARD_PORT;
const hostnameFlag = process.argv.indexOf("--hostname");
const hostname = hostnameFlag > 0 ? process.argv[hostnameFlag + 1]! : "127.0.0.1";
if (!port) {
  console.error("[goodhart] the reward server needs a port: set GOODHART_REWARD_PORT or pass --port");
  process.exit(1);
}

const server = createRewardServer(getDb());
server.listen(port, hostname, () => console.log(`[goodhart] reward server listening on http://${hostname}:${port} (POST /api/v1/reward, /api/v1/reward/openrlhf)`));

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
