// Preloaded into `prisma migrate deploy` (migrate-database.ts). Prisma's WebAssembly schema engine
// arms a 10 s timeout around taking PostgreSQL's advisory lock and leaves it armed once the lock is
// taken, so on PostgreSQL the CLI sat idle for 10 s after its work: every start, every restore. Here
// a long timer no longer keeps the process alive by itself. While the lock is awaited, its query keeps
// the connection (and the process) open, so the timeout still fires if the lock never comes.
const setTimeoutOfNode = globalThis.setTimeout;
globalThis.setTimeout = function setTimeout(callback, ms, ...args) {
  const timer = setTimeoutOfNode(callback, ms, ...args);
  if (ms >= 10_000) timer.unref();
  return timer;
};
