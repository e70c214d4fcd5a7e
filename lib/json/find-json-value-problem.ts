export type JsonPath = (string | number)[];
export type JsonValueProblem = { path: JsonPath; message: string };

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// PostgreSQL's text and jsonb cannot hold U+0000: refused on every backend, so a value stored in SQLite moves to PostgreSQL.
const unstorable = new RegExp(`${loneSurrogate.source}|\u0000`);

/**
 * The first place where a parsed JSON value cannot be stored as it is: nesting deeper than
 * `maxDepth` (the outermost object or array is level 1), or a string or key that is not
 * well-formed UTF-16 (a lone surrogate, which UTF-8 and the databases cannot hold) or holds a NUL
 * character (which PostgreSQL cannot hold). Iterative, so
 * any depth is safe to inspect. Null when there is none.
 */
export function findJsonValueProblem(value: unknown, { maxDepth }: { maxDepth: number }): JsonValueProblem | null {
  // Each entry links to its parent, so a path is only built for the one problem found.
  type Entry = { value: unknown; depth: number; key: string | number | null; parent: Entry | null };
  const pathOf = (entry: Entry | null, tail: JsonPath = []): JsonPath => {
    const path = [...tail];
    for (let at = entry; at && at.key !== null; at = at.parent) path.unshift(at.key);
    return path;
  };
  const stack: Entry[] = [{ value, depth: 0, key: null, parent: null }];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const current = entry.value;
    if (typeof current === "string") {
      const bad = unstorable.exec(current);
      if (bad) return { path: pathOf(entry), message: describeUnstorable(current, bad.index) };
      continue;
    }
    if (typeof current !== "object" || current === null) continue;
    if (entry.depth + 1 > maxDepth) return { path: pathOf(entry), message: `nested deeper than ${maxDepth} levels` };
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], depth: entry.depth + 1, key: i, parent: entry });
      continue;
    }
    const keys = Object.keys(current);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const bad = unstorable.exec(key);
      if (bad) return { path: pathOf(entry, [key]), message: `property name ${describeUnstorable(key, bad.index)}` };
      stack.push({ value: (current as Record<string, unknown>)[key], depth: entry.depth + 1, key, parent: entry });
    }
  }
  return null;
}

function describeUnstorable(text: string, index: number): string {
  if (text.charCodeAt(index) === 0) return `holds a NUL character (\\u0000) at character ${index + 1}, which cannot be stored`;
  const unit = text.charCodeAt(index).toString(16).padStart(4, "0");
  return `is not well-formed UTF-16: lone surrogate \\u${unit} at character ${index + 1}`;
}

/** `rollouts[2].metadata.a`, shortened in the middle when long; "(the body)" for the root. */
export function formatJsonPath(path: JsonPath, { maxSegments = 8 }: { maxSegments?: number } = {}): string {
  if (path.length === 0) return "(the body)";
  const shown = path.length > maxSegments ? [...path.slice(0, maxSegments - 2), "…", ...path.slice(-2)] : path;
  return shown.map((segment, i) => (typeof segment === "number" ? `[${segment}]` : i === 0 || segment === "…" ? segment : `.${segment}`)).join("");
}
