/**
 * A small JSON path: `$` then `.name`, `[0]`, `[-1]` (from the end) or `["quoted key"]`, e.g.
 * `$.refunds[0].orderId`. The leading `$` is optional (`audit.refundIssued`). No wildcards or
 * filters: a rubric item asks about one value, and a path that can fan out has no single answer.
 */
export type JsonPathSegment = string | number;

const segmentPattern = /\.([A-Za-z_$][\w$-]*)|\[(-?\d+)\]|\[\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')\s*\]/y;

export function parseJsonPath(path: string): JsonPathSegment[] {
  let rest = path.trim();
  if (rest.startsWith("$")) rest = rest.slice(1);
  else if (/^[A-Za-z_]/.test(rest)) rest = `.${rest}`;
  const segments: JsonPathSegment[] = [];
  segmentPattern.lastIndex = 0;
  while (segmentPattern.lastIndex < rest.length) {
    const at = segmentPattern.lastIndex;
    const match = segmentPattern.exec(rest);
    if (!match) throw new Error(`Invalid JSON path "${path}" at "${rest.slice(at)}"`);
    const [, name, index, doubleQuoted, singleQuoted] = match;
    if (name !== undefined) segments.push(name);
    else if (index !== undefined) segments.push(Number(index));
    else segments.push((doubleQuoted ?? singleQuoted ?? "").replace(/\\(.)/g, "$1"));
  }
  return segments;
}

/** Where the path leads, or `found: false` when any segment is missing. */
export function resolveJsonPath(
  root: unknown,
  segments: readonly JsonPathSegment[],
): { found: true; value: unknown } | { found: false } {
  let current = root;
  for (const segment of segments) {
    if (typeof segment === "number") {
      if (!Array.isArray(current)) return { found: false };
      const index = segment < 0 ? current.length + segment : segment;
      if (index < 0 || index >= current.length) return { found: false };
      current = current[index];
    } else {
      if (current === null || typeof current !== "object" || Array.isArray(current)) return { found: false };
      if (!Object.hasOwn(current, segment)) return { found: false };
      current = (current as Record<string, unknown>)[segment];
    }
  }
  return { found: true, value: current };
}
