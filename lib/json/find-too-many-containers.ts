/**
 * Offset of the `{` or `[` past the first `maxContainers` objects and arrays of a JSON text, or -1.
 * A linear scan that skips strings, run before JSON.parse: 32 MiB of `{},` is 11 million objects,
 * which JSON.parse builds into about 1 GB.
 */
export function findTooManyContainers(text: string, maxContainers: number): number {
  let containers = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      for (i++; i < text.length; i++) {
        const inner = text.charCodeAt(i);
        if (inner === BACKSLASH) i++;
        else if (inner === QUOTE) break;
      }
    } else if ((c === OPEN_BRACE || c === OPEN_BRACKET) && ++containers > maxContainers) {
      return i;
    }
  }
  return -1;
}

/** Most objects and arrays one request body may hold (a realistic 32 MiB batch holds a few hundred thousand). */
export const MAX_JSON_CONTAINERS = 2_000_000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
