export type JsonSniff = {
  /** The first non-space character's kind. */
  kind: "object" | "array" | "empty" | "other";
  /** Keys of the top-level object; for an array, the keys of its first element (when an object). */
  keys: string[];
  /** The first JSON value ends before any line break: the text reads as JSON Lines. */
  isFirstValueOnFirstLine: boolean;
};

/**
 * Looks at the start of a JSON or JSONL text (it may be cut anywhere) and reports its shape
 * without parsing it all: enough to tell the formats apart.
 */
export function sniffJson(head: string): JsonSniff {
  let i = 0;
  if (head.charCodeAt(0) === 0xfeff) i = 1;
  while (i < head.length && " \t\r\n".includes(head.charAt(i))) i++;
  const first = head.charAt(i);
  if (first === "") return { kind: "empty", keys: [], isFirstValueOnFirstLine: false };
  if (first !== "{" && first !== "[") return { kind: "other", keys: [], isFirstValueOnFirstLine: false };

  const kind = first === "{" ? "object" : "array";
  const keyDepth = kind === "object" ? 1 : 2;
  const keys: string[] = [];
  let depth = 0;
  let hasNewline = false;
  let isInFirstElement = kind === "object";
  for (; i < head.length; i++) {
    const c = head.charAt(i);
    if (c === '"') {
      const end = findStringEnd(head, i);
      if (end === -1) break;
      if (depth === keyDepth && isInFirstElement && isFollowedByColon(head, end + 1)) {
        keys.push(decodeJsonString(head.slice(i, end + 1)));
      }
      i = end;
    } else if (c === "{" || c === "[") {
      depth++;
      if (kind === "array" && depth === 2 && keys.length === 0) isInFirstElement = c === "{";
    } else if (c === "}" || c === "]") {
      depth--;
      if (kind === "array" && depth === 1) isInFirstElement = false;
      if (depth === 0) return { kind, keys, isFirstValueOnFirstLine: !hasNewline };
    } else if (c === "\n") {
      hasNewline = true;
    }
  }
  return { kind, keys, isFirstValueOnFirstLine: false };
}

function findStringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charAt(i);
    if (c === "\\") i++;
    else if (c === '"') return i;
  }
  return -1;
}

function isFollowedByColon(text: string, from: number): boolean {
  let i = from;
  while (i < text.length && " \t\r\n".includes(text.charAt(i))) i++;
  return text.charAt(i) === ":";
}

function decodeJsonString(literal: string): string {
  try {
    return String(JSON.parse(literal));
  } catch {
    return literal.slice(1, -1);
  }
}
