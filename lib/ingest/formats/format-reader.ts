import type { JsonObject } from "../../json/json-value";

/**
 * One trace mapped from a source record, or why the record could not be mapped. `trace` is a
 * native TraceInput (importers build it typed); native input passes through unchecked and is
 * validated by finalizeTrace like every other. `sourceId` is the source's own id, prefixed with
 * the format; without one the content hash is used.
 */
export type Mapped =
  | { ok: true; trace: unknown; sourceId?: string | null; index?: number; line?: number }
  | { ok: false; error: string; index?: number; line?: number };

/** One parsed JSONL line, for formats whose traces span many lines (runs, spans). */
export type LineValue = { line: number; value: unknown };

export type MapContext = {
  fileName?: string;
  /** verifiers: the metadata.json found beside results.jsonl. */
  sidecarMetadata?: JsonObject;
};

/**
 * How a trace sent in parts becomes one trace (span formats, whose exporters send a trace's spans
 * in several batches): the items a trace was built from are kept in its metadata (`itemsOf`
 * finds them), each with a key of its own (a span or run id); the stored trace's items and a new
 * part's are joined by key and mapped again (`mapItems`).
 */
export type TraceParts = {
  itemsOf: (metadata: unknown) => unknown[];
  keyOf: (item: unknown) => string | null;
  mapItems: (items: unknown[]) => Mapped[];
};

/** An importer: how one JSONL line (or all lines), one whole JSON document or one archive becomes traces. */
export type FormatReader = {
  mapRecord?: (value: unknown, context: MapContext) => Mapped[];
  mapDocument?: (value: unknown, context: MapContext) => Iterable<Mapped>;
  mapArchive?: (bytes: Uint8Array, context: MapContext) => Iterable<Mapped>;
  /** All JSONL lines at once (bounded by the document limit), grouped into traces by the format. */
  mapLines?: (lines: readonly LineValue[], context: MapContext) => Iterable<Mapped>;
  parts?: TraceParts;
};
