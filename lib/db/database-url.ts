export type DatabaseProvider = "sqlite" | "postgresql";

/** Without DATABASE_URL: goodhart.db in the data folder (GOODHART_DATA_DIR, ./data by default), beside the secret and the admin's password. */
export function defaultDatabaseUrl(dataDir: string | undefined): string {
  return `file:${(dataDir?.trim() || "./data").replace(/\/+$/, "")}/goodhart.db`;
}

export function readDatabaseUrl(env: Record<string, string | undefined> = process.env): string {
  return env.DATABASE_URL?.trim() || defaultDatabaseUrl(env.GOODHART_DATA_DIR);
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
