/**
 * What the server log gets for an unexpected error: its kind and where it happened, never text a
 * request carried. JSON.parse's messages quote the body ("Unexpected token … "{\"secret…" is not
 * valid JSON") and Prisma's quote the query's arguments, so for those only the name (and Prisma's
 * error code) and the stack frames are written.
 */
export function describeErrorForLog(error: unknown): string {
  if (!(error instanceof Error)) return `non-Error thrown: ${typeof error}`;
  const frames = (error.stack ?? "").split("\n").filter((line) => line.trimStart().startsWith("at "));
  const code = (error as { code?: unknown }).code;
  const quotesInput = error instanceof SyntaxError || error.name.startsWith("PrismaClient");
  const headline = quotesInput ? `${error.name}${typeof code === "string" ? ` ${code}` : ""} (message not logged: it may quote the request)` : `${error.name}: ${error.message}`;
  return [headline, ...frames].join("\n");
}

export function logServerError(error: unknown): void {
  console.error(describeErrorForLog(error));
}
