import { createServer, type Server } from "node:net";

/**
 * Ports no one listens on now, from the system, for servers a test starts: a fixed port collides with
 * anything left listening on the machine (a stopped run's server, another checkout's tests). All are
 * held until each is known, so two are never the same; take them just before starting the servers.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    for (let i = 0; i < count; i += 1) {
      const server = createServer();
      servers.push(server);
      await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
    }
    return servers.map((server) => (server.address() as { port: number }).port);
  } finally {
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  }
}

export async function freePort(): Promise<number> {
  return (await freePorts(1))[0]!;
}
