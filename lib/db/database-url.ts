export type DatabaseProvider = "sqlite" | "postgresql";

export const defaultDatabaseUrl = "file:./data/goodhart.db";

export function readDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATABASE_URL?.trim() || defaultDatabaseUrl;
}

export function providerOf(url: string): DatabaseProvider {
  if (url.startsWith("file:")) return "sqlite";
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) return "postgresql";
  throw new Error(
    `DATABASE_URL must start with file: (SQLite) or postgresql:// (PostgreSQL); got "${url.split(":")[0]}:..."`,
  );
}

/** The path of a file: URL, resolved against the current directory as Prisma does. */
export function sqliteFilePath(url: string): string {
  return url.slice("file:".length).split("?")[0] ?? "";
}
