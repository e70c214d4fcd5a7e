// Writes prisma/<provider>/schema.prisma from prisma/schema.template.prisma, one per database.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const providers = ["sqlite", "postgresql"] as const;

export function writeSchemas(): string[] {
  const template = readFileSync(path.join(root, "prisma/schema.template.prisma"), "utf8");
  return providers.map((provider) => {
    const file = path.join(root, "prisma", provider, "schema.prisma");
    mkdirSync(path.dirname(file), { recursive: true });
    const header = "// GENERATED from prisma/schema.template.prisma by scripts/write-schemas.ts: do not edit.\n";
    writeFileSync(file, header + template.replaceAll("__PROVIDER__", provider));
    return file;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const file of writeSchemas()) console.log(`wrote ${path.relative(root, file)}`);
}
