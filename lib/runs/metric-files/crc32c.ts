// CRC-32C (Castagnoli), the checksum of TFRecord framing, and TensorFlow's "masked" form of it.
// The default import with ".js": the CLI runs under Node's own ESM loader, which sees neither the
// named exports of this CommonJS file nor a subpath without its extension.
import crc32cModule from "crc-32/crc32c.js";

/** crc-32 returns a signed 32-bit integer; TFRecord stores the unsigned one. */
export function crc32c(bytes: Uint8Array): number {
  return crc32cModule.buf(bytes) >>> 0;
}

/** TensorFlow stores ((crc >>> 15) | (crc << 17)) + 0xa282ead8 so that a CRC of CRCs stays useful. */
export function maskedCrc32c(bytes: Uint8Array): number {
  const crc = crc32c(bytes);
  return ((((crc >>> 15) | (crc << 17)) >>> 0) + 0xa282ead8) >>> 0;
}
