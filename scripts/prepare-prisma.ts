// postinstall: write both schemas and generate both Prisma clients (SQLite and PostgreSQL), so the
// app can switch databases by DATABASE_URL alone, without a regenerate step.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { writeSchemas } from "./write-schemas";

const root = path.resolve(import.meta.dirname, "..");
const prismaBin = path.join(root, "node_modules/.bin/prisma");

// generate needs no connection, but prisma.config.ts picks its engine by the URL's provider.
const urlFor = (schema: string) =>
  schema.includes(`${path.sep}postgresql${path.sep}`) ? "postgresql://generate@localhost/generate" : "file:./data/goodhart.db";

for (const schema of writeSchemas()) {
  execFileSync(prismaBin, ["generate", "--schema", schema], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1", DATABASE_URL: urlFor(schema) },
  });
  console.log(`generated Prisma client for ${path.relative(root, schema)}`);
}
