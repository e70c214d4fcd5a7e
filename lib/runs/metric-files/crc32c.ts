// CRC-32C (Castagnoli), the checksum of TFRecord framing, and TensorFlow's "masked" form of it.
import { buf as crc32cSigned } from "crc-32/crc32c";

/** crc-32 returns a signed 32-bit integer; TFRecord stores the unsigned one. */
export function crc32c(bytes: Uint8Array): number {
  return crc32cSigned(bytes) >>> 0;
}

/** TensorFlow stores ((crc >>> 15) | (crc << 17)) + 0xa282ead8 so that a CRC of CRCs stays useful. */
export function maskedCrc32c(bytes: Uint8Array): number {
  const crc = crc32c(bytes);
  return ((((crc >>> 15) | (crc << 17)) >>> 0) + 0xa282ead8) >>> 0;
}
