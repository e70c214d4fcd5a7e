import type { LineValue, Mapped } from "./format-reader";
import { mapSafely } from "./map-safely";

/** One run or span of a span-based export, with where it was: a JSONL line or an array index. */
export type SourceItem = { value: unknown; line?: number; index?: number };

/** A mapper of one trace's items (already grouped) to a trace. */
export type MapGroup = (traceId: string, items: SourceItem[]) => Mapped;

/**
 * Groups the items of a run/span export into traces and maps each group; an item that names no
 * trace is rejected where it is, never stored as a trace of its own. A trace is reported at its
 * first item's line or index.
 */
export function mapGroupedItems(
  items: readonly SourceItem[],
  traceIdOf: (value: unknown) => string | null,
  describeMissing: string,
  mapGroup: MapGroup,
): Mapped[] {
  const groups = new Map<string, SourceItem[]>();
  const out: Mapped[] = [];
  for (const item of items) {
    const traceId = traceIdOf(item.value);
    if (traceId === null) {
      out.push({ ok: false, error: describeMissing, ...where(item) });
      continue;
    }
    const group = groups.get(traceId);
    if (group) group.push(item);
    else groups.set(traceId, [item]);
  }
  for (const [traceId, group] of groups) {
    const first = group[0];
    if (!first) continue;
    out.push(...mapSafely(first.index, () => ({ ...mapGroup(traceId, group), ...where(first) })));
  }
  return out;
}

/** Items of JSONL lines; a line holding a batch (`{"data": [...]}` or an array) gives each element at that line. */
export function itemsFromLines(lines: readonly LineValue[], unwrap: (value: unknown) => unknown[] | null): SourceItem[] {
  return lines.flatMap(({ line, value }) => {
    const list = unwrap(value);
    return list ? list.map((item, index) => ({ value: item, line, index })) : [{ value, line }];
  });
}

/** A batch as exporters write it: a JSON array, or `{"data": [...]}` (the Agents SDK's and Phoenix's REST shape). */
export function unwrapDataArray(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (typeof value === "object" && value !== null && Array.isArray((value as { data?: unknown }).data)) return (value as { data: unknown[] }).data;
  return null;
}

/** Items of one JSON document: a batch gives its elements by index, anything else is one item. */
export function itemsFromDocument(value: unknown, unwrap: (value: unknown) => unknown[] | null): SourceItem[] {
  const list = unwrap(value);
  return list ? list.map((item, index) => ({ value: item, index })) : [{ value }];
}

function where({ line, index }: SourceItem): { line?: number; index?: number } {
  return { ...(line === undefined ? {} : { line }), ...(index === undefined ? {} : { index }) };
}
