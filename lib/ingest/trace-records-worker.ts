// The reader thread of readTraceRecordsInWorker: reads, parses, validates and hashes the records
// and turns valid traces into their rows, while the main thread writes the batch before.
import { parentPort, workerData } from "node:worker_threads";
import { toTraceRows } from "../traces/trace-rows";
import { formatReaders } from "./formats/readers";
import type { OpenedSource, TraceSourceInput } from "./open-source";
import { readTraceRecords } from "./read-trace-records";
import type { ImportRecord } from "./trace-record";
import type { FromReader, ToReader, WorkerSettings } from "./trace-records-messages";

const port = parentPort!;
const { source, options, batchSize, batchesAhead } = workerData as WorkerSettings;

let credit = batchesAhead;
let waitingForCredit: (() => void) | null = null;
let answer: ((message: ToReader) => void) | null = null;
port.on("message", (message: ToReader) => {
  if (message.type === "credit") {
    credit++;
    waitingForCredit?.();
    waitingForCredit = null;
    return;
  }
  const take = answer;
  answer = null;
  take?.(message);
});
const ask = (message: FromReader) => new Promise<ToReader>((resolve) => {
  answer = resolve;
  port.postMessage(message);
});
const send = (message: FromReader) => port.postMessage(message);

/** A source the main thread holds (a stored upload): its bytes are asked for chunk by chunk. */
function relayedSource({ fileName, size }: { fileName?: string; size: number }): OpenedSource {
  async function* chunks() {
    for (;;) {
      const message = await ask({ type: "pull" });
      if (message.type === "end") return;
      if (message.type === "failed") throw new Error(message.message);
      if (message.type === "chunk") yield message.bytes;
    }
  }
  return {
    fileName,
    size,
    head: async (maxBytes) => {
      const message = await ask({ type: "head", maxBytes });
      if (message.type === "failed") throw new Error(message.message);
      return message.type === "head" ? message.bytes : new Uint8Array();
    },
    chunks,
    readAll: async () => {
      const parts: Uint8Array[] = [];
      for await (const part of chunks()) parts.push(part);
      return Buffer.concat(parts);
    },
  };
}

async function run() {
  const input: TraceSourceInput = "path" in source ? { path: source.path } : { source: relayedSource(source) };
  let position = { bytesRead: 0, totalBytes: 0 };
  let batch: ImportRecord[] = [];
  const flush = async () => {
    while (credit === 0) await new Promise<void>((resolve) => (waitingForCredit = resolve));
    credit--;
    send({ type: "records", records: batch, ...position });
    batch = [];
  };
  for await (const record of readTraceRecords(input, { ...options, onBytesRead: (bytesRead, totalBytes) => (position = { bytesRead, totalBytes }) })) {
    // A span format's parts are merged with what is stored, which needs the trace itself.
    batch.push(record.ok && !formatReaders[record.format].parts ? { location: record.location, format: record.format, ok: true, externalId: record.externalId, rows: toTraceRows(record.externalId, record.trace) } : record);
    if (batch.length >= batchSize) await flush();
  }
  if (batch.length > 0) await flush();
  send({ type: "done", ...position });
}

run().catch((error: unknown) => {
  const { message, name, code } = error as { message?: string; name?: string; code?: string };
  send({ type: "failed", message: message ?? String(error), name, code });
});
