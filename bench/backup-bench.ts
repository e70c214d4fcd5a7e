// Backup import (records/s): a project of ten-step traces exported to a backup file and imported
// into an empty database through the product's import (verify the file, write, check the content
// hash again), on SQLite and PostgreSQL. The baseline is the export of the same project in the same
// run: a read of every row, hashed and written to the file.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { exportProjectBackup } from "../lib/backup/export-project-backup";
import { importProjectBackup } from "../lib/backup/import-project-backup";
import { createDb, type Db } from "../lib/db/client";
import { migrateDatabase } from "../lib/db/migrate-database";
import { storeTraces } from "../lib/traces/store-traces";
import { figure, perSecond, type Figure } from "./figures";
import { benchDir, freshDatabase } from "./import-bench";
import { importTraces } from "./seed-data";

const root = path.resolve(import.meta.dirname, "..");

async function seedProject(db: Db, traces: number) {
  const project = await db.project.create({ data: { slug: `bench-backup-${randomUUID().slice(0, 8)}`, name: "bench backup" } });
  const all = importTraces(traces);
  for (let start = 0; start < all.length; start += 1_000) {
    await storeTraces(db, { projectId: project.id, traces: all.slice(start, start + 1_000).map((trace) => ({ trace, externalId: trace.externalId! })) });
  }
  return project.id;
}

async function measure(database: string, { sourceUrl, targetUrl, traces, beforeImport }: { sourceUrl: string; targetUrl: string; traces: number; beforeImport: (projectId: string) => Promise<void> }): Promise<Figure> {
  const source = createDb(sourceUrl);
  const projectId = await seedProject(source, traces);
  await source.$disconnect();
  const file = path.join(benchDir, `backup-${database.toLowerCase()}.jsonl`);
  let started = performance.now();
  const manifest = await exportProjectBackup({ url: sourceUrl, projectId, file });
  const exportMs = performance.now() - started;
  const records = Object.values(manifest.counts).reduce((sum, count) => sum + count, 0);
  await beforeImport(projectId);
  const target = createDb(targetUrl);
  try {
    started = performance.now();
    const result = await importProjectBackup(target, { file });
    const importMs = performance.now() - started;
    if (result.status !== "imported") throw new Error(`the backup import answered ${result.status}`);
    const stored = await target.trace.count({ where: { projectId } });
    if (stored !== traces) throw new Error(`the backup import stored ${stored} of ${traces} traces`);
    return figure(
      "backup",
      `backup import, ${records.toLocaleString("en")} records (${traces.toLocaleString("en")} ten-step traces), ${database}`,
      perSecond(records, importMs, "records/s"),
      { name: "export of the same project, same run", ...perSecond(records, exportMs, "records/s") },
      `${(importMs / 1000).toFixed(1)} s (file verified, rows written, content hash checked) vs ${(exportMs / 1000).toFixed(1)} s`,
    );
  } finally {
    await target.project.deleteMany({ where: { id: projectId } });
    await target.$disconnect();
  }
}

export async function benchBackup({ traces, postgresUrl }: { traces: number; postgresUrl?: string }): Promise<Figure[]> {
  const from = await freshDatabase("backup-source");
  const to = await freshDatabase("backup-target");
  const figures = [await measure("SQLite", { sourceUrl: from.url, targetUrl: to.url, traces, beforeImport: async () => {} })];
  if (postgresUrl) {
    await migrateDatabase({ root, url: postgresUrl });
    // Exported and imported on the same database: the project is deleted in between.
    const deleteProject = async (projectId: string) => {
      const db = createDb(postgresUrl);
      await db.project.delete({ where: { id: projectId } });
      await db.$disconnect();
    };
    figures.push(await measure("PostgreSQL", { sourceUrl: postgresUrl, targetUrl: postgresUrl, traces, beforeImport: deleteProject }));
  }
  return figures;
}
