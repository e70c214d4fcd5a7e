export type StructureLimits = { maxDepth?: number; maxContainers?: number };
export type StructureBreach = { kind: "depth" | "containers"; offset: number };

/**
 * Where a JSON text first opens an object or array past a limit: nesting deeper than `maxDepth`,
 * or more than `maxContainers` objects and arrays in all. One linear scan that skips strings, run
 * before JSON.parse so such a value is never built (32 MiB of `{},` is 11 million objects, which
 * JSON.parse builds into about 1 GB; deep nesting overflows recursive code after it).
 */
export function findStructureLimitBreach(text: string, { maxDepth = Infinity, maxContainers = Infinity }: StructureLimits): StructureBreach | null {
  let depth = 0;
  let containers = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      for (i++; i < text.length; i++) {
        const inner = text.charCodeAt(i);
        if (inner === BACKSLASH) i++;
        else if (inner === QUOTE) break;
      }
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > maxDepth) return { kind: "depth", offset: i };
      if (++containers > maxContainers) return { kind: "containers", offset: i };
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return null;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
