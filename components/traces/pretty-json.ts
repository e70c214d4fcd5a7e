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

const glanceWidth = 100;

/**
 * JSON on one line when it fits one (`{ "city": "Oslo" }`), indented otherwise, so a short tool
 * call reads at a glance. Only JSON's own indentation is folded (JSON escapes line breaks in
 * strings); text that is not JSON is shown as it is.
 */
export function glanceJson(value: unknown): string {
  const pretty = prettyJson(value);
  if (typeof value === "string" && pretty === value) return value;
  const oneLine = pretty.replace(/\n\s*/g, " ");
  return oneLine.length <= glanceWidth ? oneLine : pretty;
}
