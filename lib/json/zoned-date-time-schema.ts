import { z } from "zod";

/**
 * An ISO 8601 date-time with its zone (`Z` or an offset), as JSON sent to the API carries one. A time
 * without a zone (Python's `datetime.now().isoformat()`) is refused, not guessed: it would be UTC on one
 * machine and local time on another.
 */
export const zonedDateTimeSchema = z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time with its zone, as 2026-12-08T02:45:00Z or 2026-12-08T03:45:00+01:00 (a time without a zone is ambiguous)" });
