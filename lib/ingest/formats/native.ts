import { isRecord } from "../messages/json-value";
import type { FormatReader, Mapped } from "./format-reader";

/**
 * The native format: `{"traces": [...]}`, a JSON array of traces, one trace object, or JSONL with
 * one trace (or one `{"traces": [...]}` batch) per line. Validation is the trace schema's, done
 * when the record is finalised; externalId is the trace's own when it has one.
 */
export const nativeReader: FormatReader = {
  mapRecord: (value) => (isRecord(value) && Array.isArray(value.traces) ? fromList(value.traces) : [{ ok: true, trace: value }]),
  mapDocument: (value) => {
    if (Array.isArray(value)) return fromList(value);
    if (isRecord(value) && Array.isArray(value.traces)) return fromList(value.traces);
    if (isRecord(value) && "traces" in value) return [{ ok: false, error: "traces: expected an array of traces" }];
    return [{ ok: true, trace: value }];
  },
};

// The trace schema checks each element; a non-object is reported with its index there.
function fromList(items: unknown[]): Mapped[] {
  return items.map((item, index) => ({ ok: true, trace: item, index }));
}
