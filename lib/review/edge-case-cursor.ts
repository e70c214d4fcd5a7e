import { z } from "zod";

/**
 * Where a page of the queue ended: the sort key of its last case (its stored priority and id, and on
 * a run's list its standing on the run first). The next page starts after that key, so cases added or
 * decided between pages neither repeat a case nor skip one, as an offset would.
 */
export type EdgeCaseCursor = { runPriority: number | null; priority: number; id: string };

/** The cursor as an opaque URL-safe string (base64url of a JSON array; btoa, so client code may import this). */
export function encodeEdgeCaseCursor({ runPriority, priority, id }: EdgeCaseCursor): string {
  const key = runPriority === null ? [priority, id] : [runPriority, priority, id];
  return btoa(JSON.stringify(key)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const cursorKeySchema = z.union([z.tuple([z.number(), z.string().min(1)]), z.tuple([z.number(), z.number(), z.string().min(1)])]);

/** An `after` parameter: a cursor this server made (a page's nextCursor), read back into its key. */
export const edgeCaseCursorSchema = z
  .string()
  .max(1000)
  .transform((text, context): EdgeCaseCursor => {
    const key = cursorKeySchema.safeParse(readCursorJson(text));
    if (!key.success) {
      context.addIssue({ code: "custom", message: "not a cursor: pass a page's nextCursor as it came" });
      return z.NEVER;
    }
    const parts = key.data;
    return parts.length === 2 ? { runPriority: null, priority: parts[0], id: parts[1] } : { runPriority: parts[0], priority: parts[1], id: parts[2] };
  });

function readCursorJson(text: string): unknown {
  try {
    return JSON.parse(atob(text.replace(/-/g, "+").replace(/_/g, "/")));
  } catch {
    return undefined;
  }
}

/** Whether a case's sort key comes after the cursor in the queue's order (standing, priority: high first; id: low first). */
export function isAfterCursor(key: EdgeCaseCursor, cursor: EdgeCaseCursor): boolean {
  if ((key.runPriority ?? 0) !== (cursor.runPriority ?? 0)) return (key.runPriority ?? 0) < (cursor.runPriority ?? 0);
  if (key.priority !== cursor.priority) return key.priority < cursor.priority;
  return key.id > cursor.id;
}
