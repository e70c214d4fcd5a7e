/**
 * What an importer's unexpected error means for the user: a stack overflow comes from a value
 * nested too deeply for the mapping code (it is deep JSON, not a bug), anything else is a bug
 * and its message is passed on.
 */
export function describeThrown(error: unknown): string {
  if (error instanceof RangeError && /call stack/i.test(error.message)) return "nested too deeply to read";
  return error instanceof Error ? error.message : String(error);
}
