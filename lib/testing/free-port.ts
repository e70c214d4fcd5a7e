import { createServer } from "node:net";

/**
 * A port no one listens on now, from the system, for a server a test starts: a fixed port collides
 * with anything left listening on the machine (a stopped run's server, another checkout's tests).
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
