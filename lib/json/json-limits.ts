/**
 * Deepest nesting accepted in a JSON body or a trace record (as serde_json's default). Real
 * traces stay far below it; past it, recursive code (hashing, JSON.stringify, the database
 * drivers) would overflow the stack, so the value is refused with where it happened.
 */
export const MAX_JSON_DEPTH = 128;

/** The web app's and the API's small JSON bodies (decisions, notes, assignments). */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** Most objects and arrays one request body may hold (a realistic 32 MiB batch holds a few hundred thousand). */
export const MAX_JSON_CONTAINERS = 2_000_000;
