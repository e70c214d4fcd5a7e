import { z } from "zod";

const example = "as 2026-12-08T02:45:00Z or 2026-12-08T03:45:00+01:00";
// A date and time with nothing after it that could be a zone.
const withoutZone = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * An ISO 8601 date-time with its zone (`Z` or an offset), as JSON sent to the API carries one. A time
 * without a zone (Python's `datetime.now().isoformat()`) is refused, not guessed: it would be UTC on one
 * machine and local time on another.
 */
export const zonedDateTimeSchema = z.iso.datetime({
  offset: true,
  error: (issue) =>
    typeof issue.input === "string" && withoutZone.test(issue.input.trim())
      ? `needs its zone, ${example}: a time without one is UTC on one machine and local time on another`
      : `must be an ISO 8601 date-time with its zone, ${example}`,
});
