import { randomBytes } from "node:crypto";

let lastMs = 0;
let sequence = 0;
let pool: Buffer = Buffer.alloc(0);
let poolOffset = 0;

/**
 * A UUID version 7 (RFC 9562): the time in milliseconds first, then a counter within the
 * millisecond, then random bits, so ids made one after another sort after one another in this
 * process. Rows keyed by them are appended at the end of their B-tree indexes instead of landing
 * on a random page each, which is most of what a bulk insert of random-UUID rows costs SQLite.
 */
export function timeOrderedId(): string {
  let now = Date.now();
  if (now <= lastMs) {
    sequence += 1;
    // 18 bits of counter (4,096 × 64) a millisecond; past them, borrow the next millisecond.
    if (sequence > 0x3ffff) {
      lastMs += 1;
      sequence = 0;
    }
    now = lastMs;
  } else {
    lastMs = now;
    sequence = 0;
  }
  if (poolOffset + 7 > pool.length) {
    pool = randomBytes(7 * 1024);
    poolOffset = 0;
  }
  const random = pool.toString("hex", poolOffset, poolOffset + 7);
  poolOffset += 7;
  const time = now.toString(16).padStart(12, "0");
  const high = (sequence >> 6).toString(16).padStart(3, "0");
  const low = (0x80 | (sequence & 0x3f)).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${high}-${low}${random.slice(0, 2)}-${random.slice(2, 14)}`;
}
