import { besideModule, startWorkerThread } from "../threads/start-worker-thread";
import type { OpenedSource } from "./open-source";
import type { ReadTraceRecordsOptions } from "./read-trace-records";
import type { ImportRecord } from "./trace-record";
import type { FromReader, ToReader, WorkerSettings } from "./trace-records-messages";

/**
 * readTraceRecords on a worker thread: the reading, parsing, validation and hashing of the next
 * records overlap the caller's writing of the ones before (the machine's other core). Valid traces
 * come back as their rows (ImportRecord), in order, `batchSize` at a time, at most `batchesAhead`
 * batches ahead of the caller, so memory stays bounded however slow the writes. A file is read by
 * the thread itself; another source (a stored upload) is read here and its chunks handed over.
 * What readTraceRecords throws (a missing file, an upload missing a part) is thrown here.
 */
export async function* readTraceRecordsInWorker(
  source: OpenedSource,
  { onBytesRead, ...options }: ReadTraceRecordsOptions = {},
  { batchSize = 1_000, batchesAhead = 6 }: { batchSize?: number; batchesAhead?: number } = {},
): AsyncGenerator<ImportRecord> {
  const settings: WorkerSettings = {
    source: source.path ? { path: source.path } : { fileName: source.fileName, size: source.size },
    options,
    batchSize,
    batchesAhead,
  };
  const worker = startWorkerThread(besideModule(import.meta.url, "trace-records-worker.ts", "lib/ingest"), settings);
  const inbox: FromReader[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  let chunks: AsyncIterator<Uint8Array> | null = null;
  const relay = async (message: Extract<FromReader, { type: "head" | "pull" }>): Promise<ToReader> => {
    try {
      if (message.type === "head") return { type: "head", bytes: await source.head(message.maxBytes) };
      chunks ??= eachChunk(source.chunks());
      const next = await chunks.next();
      return next.done ? { type: "end" } : { type: "chunk", bytes: next.value };
    } catch (error) {
      return { type: "failed", message: (error as Error).message ?? String(error) };
    }
  };
  worker.on("message", (message: FromReader) => {
    if (message.type === "head" || message.type === "pull") {
      void relay(message).then((answer) => worker.postMessage(answer));
      return;
    }
    inbox.push(message);
    notify();
  });
  worker.on("error", (error) => {
    failure ??= error;
    notify();
  });
  worker.on("exit", (code) => {
    failure ??= new Error(`the import's reader thread stopped (exit code ${code})`);
    notify();
  });
  try {
    for (;;) {
      while (inbox.length === 0 && !failure) await new Promise<void>((resolve) => (wake = resolve));
      const message = inbox.shift();
      if (!message) throw failure!;
      if (message.type === "failed") throw Object.assign(new Error(message.message), { ...(message.name ? { name: message.name } : {}), ...(message.code ? { code: message.code } : {}) });
      if (message.type === "done") {
        onBytesRead?.(message.bytesRead, message.totalBytes);
        return;
      }
      if (message.type !== "records") continue;
      // Let the thread make the next batch while this one is written.
      worker.postMessage({ type: "credit" } satisfies ToReader);
      onBytesRead?.(message.bytesRead, message.totalBytes);
      yield* message.records;
    }
  } finally {
    worker.removeAllListeners("exit");
    await worker.terminate();
  }
}

async function* eachChunk(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) yield chunk;
}
