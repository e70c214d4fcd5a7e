export type JsonPath = (string | number)[];
export type JsonValueProblem = { path: JsonPath; message: string };

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The first place where a parsed JSON value cannot be stored as it is: nesting deeper than
 * `maxDepth` (the outermost object or array is level 1), or a string or key that is not
 * well-formed UTF-16 (a lone surrogate, which UTF-8 and the databases cannot hold). Iterative, so
 * any depth is safe to inspect. Null when there is none.
 */
export function findJsonValueProblem(value: unknown, { maxDepth }: { maxDepth: number }): JsonValueProblem | null {
  const stack: { value: unknown; path: JsonPath; depth: number }[] = [{ value, path: [], depth: 0 }];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const { value: current, path, depth } = top;
    if (typeof current === "string") {
      const bad = loneSurrogate.exec(current);
      if (bad) return { path, message: describeSurrogate(current, bad.index) };
      continue;
    }
    if (typeof current !== "object" || current === null) continue;
    if (depth + 1 > maxDepth) return { path, message: `nested deeper than ${maxDepth} levels` };
    const entries: [string | number, unknown][] = Array.isArray(current) ? current.map((item, index) => [index, item]) : Object.entries(current);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      if (typeof key === "string") {
        const bad = loneSurrogate.exec(key);
        if (bad) return { path: [...path, key], message: `property name ${describeSurrogate(key, bad.index)}` };
      }
      stack.push({ value: item, path: [...path, key], depth: depth + 1 });
    }
  }
  return null;
}

function describeSurrogate(text: string, index: number): string {
  const unit = text.charCodeAt(index).toString(16).padStart(4, "0");
  return `is not well-formed UTF-16: lone surrogate \\u${unit} at character ${index + 1}`;
}

/** `rollouts[2].metadata.a`, shortened in the middle when long; "(the body)" for the root. */
export function formatJsonPath(path: JsonPath, { maxSegments = 8 }: { maxSegments?: number } = {}): string {
  if (path.length === 0) return "(the body)";
  const shown = path.length > maxSegments ? [...path.slice(0, maxSegments - 2), "…", ...path.slice(-2)] : path;
  return shown.map((segment, i) => (typeof segment === "number" ? `[${segment}]` : i === 0 || segment === "…" ? segment : `.${segment}`)).join("");
}
