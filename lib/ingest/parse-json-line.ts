import { decodeUtf8 } from "../json/decode-utf8";
import { parseJson } from "../json/parse-json";

/**
 * One JSONL line's value: null for a blank line, or an error that says what is wrong with it.
 * No depth limit here: a line may hold a batch, and a too-deep trace in it is refused alone by finalizeTrace.
 */
export function parseJsonLine(bytes: Uint8Array): { ok: true; value: unknown } | { ok: false; error: string } | null {
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) return { ok: false, error: `invalid UTF-8 at byte ${decoded.byteOffset} of the line` };
  if (decoded.text.trim() === "") return null;
  const parsed = parseJson(decoded.text, { multiline: false });
  return parsed.ok ? { ok: true, value: parsed.value } : { ok: false, error: parsed.error };
}
