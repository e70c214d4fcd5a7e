import { randomBytes } from "node:crypto";

let lastMs = 0;
let sequence = 0;
// "tttttttt-tttt-7" for lastMs: written once a millisecond, not once an id.
let timePrefix = "";
let pool: Buffer = Buffer.alloc(0);
let poolOffset = 0;
const hex = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

/**
 * A UUID version 7 (RFC 9562): the time in milliseconds first, then a counter within the
 * millisecond, then random bits, so ids made one after another sort after one another in this
 * process. Rows keyed by them are appended at the end of their B-tree indexes instead of landing
 * on a random page each, which is most of what a bulk insert of random-UUID rows costs SQLite.
 * A reward batch makes about 16 ids a rollout, so the text is put together from cached pieces.
 */
export function timeOrderedId(): string {
  let now = Date.now();
  if (now <= lastMs) {
    sequence += 1;
    // 18 bits of counter (4,096 × 64) a millisecond; past them, borrow the next millisecond.
    if (sequence > 0x3ffff) {
      lastMs += 1;
      sequence = 0;
      timePrefix = prefixOf(lastMs);
    }
    now = lastMs;
  } else {
    lastMs = now;
    sequence = 0;
    timePrefix = prefixOf(now);
  }
  if (poolOffset + 7 > pool.length) {
    pool = randomBytes(7 * 1024);
    poolOffset = 0;
  }
  const at = poolOffset;
  poolOffset += 7;
  const high = sequence >> 6;
  return (
    timePrefix +
    hex[high >> 8]!.charAt(1) +
    hex[high & 0xff]! +
    "-" +
    hex[0x80 | (sequence & 0x3f)]! +
    hex[pool[at]!]! +
    "-" +
    hex[pool[at + 1]!]! +
    hex[pool[at + 2]!]! +
    hex[pool[at + 3]!]! +
    hex[pool[at + 4]!]! +
    hex[pool[at + 5]!]! +
    hex[pool[at + 6]!]!
  );
}

function prefixOf(ms: number): string {
  const time = ms.toString(16).padStart(12, "0");
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7`;
}
