// The thread of startReadBack: reads back, on a client of its own, each batch of rows the import
// has just written, and sums their digest, while the import's thread writes the next batch.
import { parentPort, workerData } from "node:worker_threads";
import { createDb } from "../db/client";
import { findBackupModel } from "./backup-models";
import { BackupDigest } from "./backup-record";
import { readRecordsById } from "./read-project-records";
import { openSqlReader } from "./read-rows-in-sql";
import type { FromReadBack, ToReadBack } from "./read-back-messages";

const port = parentPort!;
const { url } = workerData as { url: string };
const db = createDb(url);
const digest = new BackupDigest();
const reading = openSqlReader(db).then((sql) => ({ db, sql }));
const send = (message: FromReadBack) => port.postMessage(message);

async function handle(message: ToReadBack) {
  if (message.type === "rows") {
    const model = findBackupModel(message.model)!;
    for await (const record of readRecordsById(await reading, model, message.ids)) digest.add(record);
    return;
  }
  send({ type: "digest", ...digest.state() });
  await db.$disconnect();
}

// One batch after another, in the order written.
let queue = Promise.resolve();
port.on("message", (message: ToReadBack) => {
  queue = queue.then(() => handle(message)).catch((error: unknown) => send({ type: "failed", message: (error as Error).message ?? String(error) }));
});
