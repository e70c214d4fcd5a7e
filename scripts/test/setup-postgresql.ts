import pg from "pg";
import { migrateDatabase } from "../../lib/db/migrate-database";
import { repoRoot } from "./test-databases";

/** Empties the test database (it must be one used for nothing else) and migrates it. */
export default async function setup() {
  const url = process.env.GOODHART_TEST_DATABASE_URL!;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS pgboss CASCADE; CREATE SCHEMA public;");
  await client.end();
  await migrateDatabase({ root: repoRoot, url });
}
