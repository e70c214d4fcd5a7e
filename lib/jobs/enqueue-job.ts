import type { Database as SqliteConnection, Statement } from "better-sqlite3";
import type pg from "pg";
import { findPgPool, findIdleSqliteConnection, type Db } from "../db/client";
import { insertRowsOnSqlite, jsonText, quotedNames, timeText, type Columns, type Value } from "../db/insert-rows";
import { selectRows } from "../db/insert-rows-on-postgres";
import { retryOnIdleSqlite } from "../db/retry-on-idle-sqlite";
import { timeOrderedId } from "../db/time-ordered-id";
import type { JobType } from "./job-type";
import { notifyJobBackend, notifyJobBackendOfMany } from "./job-backend";

export type EnqueueOptions = { projectId?: string | null; idempotencyKey?: string; runAt?: Date };

/**
 * Stores the job row, then tells the backend. With an idempotency key, sending the same job twice
 * returns the first row and queues nothing new.
 */
export async function enqueueJob<Payload>(db: Db, type: JobType<Payload>, payload: Payload, options: EnqueueOptions = {}) {
  const valid = type.payloadSchema.parse(payload);
  if (options.idempotencyKey) {
    const existing = await db.job.findUnique({ where: { idempotencyKey: options.idempotencyKey } });
    if (existing) return { job: existing, isDuplicate: true };
  }
  try {
    const job = await db.job.create({
      data: {
        type: type.name,
        payload: valid as object,
        projectId: options.projectId ?? null,
        idempotencyKey: options.idempotencyKey ?? null,
        maxAttempts: type.maxAttempts,
        runAt: options.runAt ?? new Date(),
      },
    });
    await notifyJobBackend(job);
    return { job, isDuplicate: false };
  } catch (error) {
    // Two senders raced on the same idempotency key: the other one's row stands.
    const existing = options.idempotencyKey ? await db.job.findUnique({ where: { idempotencyKey: options.idempotencyKey } }) : null;
    if (existing) return { job: existing, isDuplicate: true };
    throw error;
  }
}

const jobColumns: Columns = [["id", "text"], ["projectId", "text"], ["type", "text"], ["payload", "json"], ["idempotencyKey", "text"], ["maxAttempts", "int"], ["runAt", "time"], ["createdAt", "time"], ["updatedAt", "time"]];
type QueuedRow = { id: string; idempotencyKey: string };

/**
 * enqueueJob for many jobs of one type, each with its idempotency key (the rebuilds of an export's
 * traces): every payload checked first, then one transaction reads the keys already queued and
 * inserts the rest as one multi-row INSERT (raw SQL on the connection: Prisma's per-row work was
 * most of an export's time), then one message batch on PostgreSQL. Without such a connection, one
 * job at a time through enqueueJob. Answers in the order of `jobs`; a key given twice is one job.
 */
export async function enqueueJobs<Payload>(db: Db, type: JobType<Payload>, jobs: { payload: Payload; idempotencyKey: string }[], options: Pick<EnqueueOptions, "projectId"> = {}) {
  const parsed = jobs.map(({ payload, idempotencyKey }) => ({ payload: type.payloadSchema.parse(payload), idempotencyKey }));
  if (parsed.length === 0) return [];
  const connection = await findIdleSqliteConnection(db);
  const pool = findPgPool(db);
  if (!connection && !pool) {
    const answers = [];
    for (const { payload, idempotencyKey } of parsed) answers.push(await enqueueJob(db, type, payload, { projectId: options.projectId, idempotencyKey }));
    return answers.map(({ job, isDuplicate }) => ({ job: { id: job.id }, isDuplicate }));
  }
  const now = new Date();
  const firstOfKey = new Map<string, Value[]>();
  for (const { payload, idempotencyKey } of parsed) {
    if (!firstOfKey.has(idempotencyKey)) firstOfKey.set(idempotencyKey, [timeOrderedId(), options.projectId ?? null, type.name, jsonText(payload), idempotencyKey, type.maxAttempts, timeText(now), timeText(now), timeText(now)]);
  }
  const { created, queued } = connection ? await retryOnIdleSqlite(connection, (sqlite) => insertOnSqlite(sqlite, firstOfKey)) : await insertOnPostgres(pool!, firstOfKey);
  await notifyJobBackendOfMany(created.map(({ id }) => ({ id, type: type.name, runAt: now })));
  const madeHere = new Set(created.map(({ idempotencyKey }) => idempotencyKey));
  const rowOfKey = new Map([...queued, ...created].map((row) => [row.idempotencyKey, row]));
  return parsed.map(({ idempotencyKey }) => {
    const isDuplicate = !madeHere.delete(idempotencyKey);
    return { job: { id: rowOfKey.get(idempotencyKey)!.id }, isDuplicate };
  });
}

const queuedStatements = new WeakMap<SqliteConnection, Statement>();

// BEGIN IMMEDIATE: the write lock before the read, so every row not found goes in.
function insertOnSqlite(connection: SqliteConnection, rows: Map<string, Value[]>): { created: QueuedRow[]; queued: QueuedRow[] } {
  let statement = queuedStatements.get(connection);
  if (!statement) queuedStatements.set(connection, (statement = connection.prepare(`SELECT "id", "idempotencyKey" FROM "Job" WHERE "idempotencyKey" IN (SELECT value FROM json_each(?))`).raw()));
  const lookup = statement;
  return connection
    .transaction(() => {
      const queued = (lookup.all(JSON.stringify([...rows.keys()])) as Array<[string, string]>).map(([id, idempotencyKey]) => ({ id, idempotencyKey }));
      const queuedKeys = new Set(queued.map(({ idempotencyKey }) => idempotencyKey));
      const fresh = [...rows.values()].filter((row) => !queuedKeys.has(row[4] as string));
      insertRowsOnSqlite(connection, "Job", jobColumns, fresh);
      return { created: fresh.map((row) => ({ id: row[0] as string, idempotencyKey: row[4] as string })), queued };
    })
    .immediate();
}

// A key another sender queues meanwhile keeps its row (ON CONFLICT); RETURNING names the rows added here.
async function insertOnPostgres(pool: pg.Pool, rows: Map<string, Value[]>): Promise<{ created: QueuedRow[]; queued: QueuedRow[] }> {
  const params: unknown[] = [];
  const added = await pool.query<QueuedRow>(`INSERT INTO "Job" (${quotedNames(jobColumns)}) ${selectRows(jobColumns, [...rows.values()], params)} ON CONFLICT ("idempotencyKey") DO NOTHING RETURNING "id", "idempotencyKey"`, params);
  const addedKeys = new Set(added.rows.map(({ idempotencyKey }) => idempotencyKey));
  const others = [...rows.keys()].filter((key) => !addedKeys.has(key));
  const queued = others.length === 0 ? [] : (await pool.query<QueuedRow>(`SELECT "id", "idempotencyKey" FROM "Job" WHERE "idempotencyKey" = ANY($1::text[])`, [others])).rows;
  return { created: added.rows, queued };
}
