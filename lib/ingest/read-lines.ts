import { formatBytes } from "../http/body-limits";

export type LineResult =
  | { line: number; ok: true; bytes: Uint8Array }
  | { line: number; ok: false; error: string };

/**
 * Splits a byte stream into lines (LF or CRLF). Memory is bounded by maxLineBytes: once a line
 * grows past it, its bytes are dropped as they arrive and the line is reported as too long,
 * then splitting goes on with the next line.
 */
export async function* readLines(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  { maxLineBytes }: { maxLineBytes: number },
): AsyncGenerator<LineResult> {
  let parts: Uint8Array[] = [];
  let length = 0;
  let isOversized = false;
  let line = 1;

  const finish = (): LineResult => {
    const result: LineResult = isOversized
      ? { line, ok: false, error: `line is longer than the ${formatBytes(maxLineBytes)} limit (${formatBytes(length)}); skipped` }
      : { line, ok: true, bytes: stripCarriageReturn(concat(parts, length)) };
    parts = [];
    length = 0;
    isOversized = false;
    line++;
    return result;
  };
  const append = (piece: Uint8Array) => {
    length += piece.length;
    if (isOversized) return;
    if (length > maxLineBytes) {
      isOversized = true;
      parts = [];
      return;
    }
    parts.push(piece);
  };

  for await (const chunk of chunks) {
    let start = 0;
    for (let end = chunk.indexOf(10, start); end !== -1; end = chunk.indexOf(10, start)) {
      append(chunk.subarray(start, end));
      yield finish();
      start = end + 1;
    }
    // Copy: a stream may reuse its buffer for the next chunk.
    if (start < chunk.length) append(chunk.slice(start));
  }
  if (length > 0 || isOversized) yield finish();
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  return parts.length === 1 && parts[0] ? parts[0] : Buffer.concat(parts, length);
}

function stripCarriageReturn(bytes: Uint8Array): Uint8Array {
  return bytes[bytes.length - 1] === 13 ? bytes.subarray(0, bytes.length - 1) : bytes;
}
