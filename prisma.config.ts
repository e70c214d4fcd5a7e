// Prisma CLI config: picks the schema, the migrations and a driver adapter from DATABASE_URL, so
// `prisma migrate deploy` runs with no engine binaries (none can be downloaded here).
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { defineConfig } from "prisma/config";
import { providerOf, readDatabaseUrl } from "./lib/db/database-url";

const url = readDatabaseUrl();
const provider = providerOf(url);
// The schema's datasource reads env("DATABASE_URL"); give it the default when unset.
process.env.DATABASE_URL = url;

// prisma/orm#27403: the pg adapter cannot deserialize the `name` and `char` column types that
// migrate reads from the catalog; relabel them as text for the CLI (the app uses a plain PrismaPg).
const TEXT_OID = 25;
const relabelled = new Set([18, 19]);
type Result = { fields?: Array<{ dataTypeID: number }> };
function relabel<T>(result: T): T {
  for (const field of (result as Result)?.fields ?? []) {
    if (relabelled.has(field.dataTypeID)) field.dataTypeID = TEXT_OID;
  }
  return result;
}
class CatalogSafeClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const callback = typeof args[args.length - 1] === "function" ? args.pop() : undefined;
    if (callback) {
      return super.query(...(args as [string]), (error: Error, result: unknown) => callback(error, error ? result : relabel(result)));
    }
    return (super.query(...(args as [string])) as Promise<unknown>).then(relabel);
  }
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", provider, "schema.prisma"),
  migrations: { path: path.join("prisma", provider, "migrations") },
  async adapter() {
    if (provider === "sqlite") return new PrismaBetterSQLite3({ url });
    // The CLI never ends the pool it is given: idle, its connection must not hold the process open
    // for pg's 10 s idle timeout (see lib/db/prisma-cli-exits-when-done.cjs for the other 10 s).
    return new PrismaPg(new pg.Pool({ connectionString: url, Client: CatalogSafeClient, allowExitOnIdle: true }));
  },
});
