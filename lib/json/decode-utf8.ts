const decoder = new TextDecoder("utf-8", { fatal: true });

export type DecodeResult = { ok: true; text: string } | { ok: false; error: string; line: number; byteOffset: number };

/** Decodes UTF-8 strictly (a leading BOM is dropped); on failure names the line of the first bad byte. */
export function decodeUtf8(bytes: Uint8Array): DecodeResult {
  try {
    return { ok: true, text: decoder.decode(bytes) };
  } catch {
    const byteOffset = findInvalidUtf8(bytes);
    let line = 1;
    for (let i = 0; i < byteOffset; i++) if (bytes[i] === 10) line++;
    return { ok: false, error: `invalid UTF-8 at byte ${byteOffset}`, line, byteOffset };
  }
}

/** Offset of the first byte that is not part of a well-formed UTF-8 sequence (bytes.length if none). */
export function findInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] ?? 0;
    if (b < 0x80) {
      i++;
      continue;
    }
    const [length, min, max] =
      b >= 0xc2 && b <= 0xdf ? [2, 0x80, 0xbf]
      : b === 0xe0 ? [3, 0xa0, 0xbf]
      : b === 0xed ? [3, 0x80, 0x9f]
      : b >= 0xe1 && b <= 0xef ? [3, 0x80, 0xbf]
      : b === 0xf0 ? [4, 0x90, 0xbf]
      : b === 0xf4 ? [4, 0x80, 0x8f]
      : b >= 0xf1 && b <= 0xf3 ? [4, 0x80, 0xbf]
      : [0, 0, 0];
    if (length === 0) return i;
    const second = bytes[i + 1];
    if (second === undefined || second < min || second > max) return i;
    for (let k = 2; k < length; k++) {
      const next = bytes[i + k];
      if (next === undefined || next < 0x80 || next > 0xbf) return i;
    }
    i += length;
  }
  return bytes.length;
}
