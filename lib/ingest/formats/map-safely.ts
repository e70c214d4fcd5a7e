import { describeThrown } from "../describe-thrown";
import type { Mapped } from "./format-reader";

/**
 * Runs a record mapper and turns a thrown error into a rejected record, so one bad record never
 * stops an import. SourceError messages already name the field; other errors are our bugs and say so.
 */
export function mapSafely(index: number | undefined, map: () => Mapped[] | Mapped): Mapped[] {
  try {
    const result = map();
    return Array.isArray(result) ? result : [result];
  } catch (error) {
    const message = describeThrown(error);
    const text = error instanceof Error && error.name === "SourceError" ? message : `could not map the record: ${message}`;
    return [{ ok: false, error: text, ...(index === undefined ? {} : { index }) }];
  }
}
