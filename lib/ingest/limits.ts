const MIB = 1024 * 1024;

/**
 * Whole-document formats (a JSON array, a tau2 results file, an Inspect log, an .eval zip) are
 * parsed in memory; above this size the file is rejected with an error instead of risking the
 * process. JSONL has no such limit: it is streamed line by line.
 */
export const MAX_DOCUMENT_BYTES = 256 * MIB;

/** One JSONL line above this is rejected (and skipped without buffering it); reading goes on. */
export const MAX_LINE_BYTES = 16 * MIB;

/** How much of the start of a file format detection looks at. */
export const DETECT_HEAD_BYTES = 64 * 1024;

/**
 * Most spans (or log records) one OTLP export may carry, and most traces they may belong to: 32 MiB
 * of tiny spans is 330,000 of them, each its own trace, which held 1.3 GB of the web process and
 * minutes of database work. The SDKs export 512 spans a batch; a Collector sends what its batch
 * processor's send_batch_max_size allows.
 */
export const MAX_OTLP_RECORDS_PER_EXPORT = 50_000;
export const MAX_OTLP_TRACES_PER_EXPORT = 10_000;

/** An upload through the web app's Import dialog; streamed into the database, then imported by a job. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * MIB;
