/** JSON as indented text for display; a string holding JSON (tool arguments often are) is shown parsed. */
export function prettyJson(value: unknown): string {
  if (typeof value === "string") {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      // Not JSON after all: show the string as it is.
      return value;
    }
  }
  return JSON.stringify(value, null, 2) ?? String(value);
}
