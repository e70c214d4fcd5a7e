import { pick, randomInt, type Rng } from "../../random/prng";

const encoder = new TextEncoder();

// Byte runs that break decoders: invalid UTF-8, a BOM, NUL, an overlong encoding, a lone surrogate encoded as UTF-8.
const poison = [[0xff], [0xc0, 0xaf], [0xef, 0xbb, 0xbf], [0x00], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0x1f, 0x8b, 0x08]].map((bytes) => Uint8Array.from(bytes));
const tokens = ["{", "}", "[", "]", '"', ",", ":", "\\", "\\u", "\\ud800", "null", "-", "1e999", "\n", "\r\n", "\t"].map((token) => encoder.encode(token));

/** One to four random byte-level edits: flips, truncation, insertion of decoder-breaking bytes or JSON tokens, duplication, deletion. */
export function mutateBytes(rng: Rng, input: Uint8Array): Uint8Array {
  let bytes = input;
  const edits = randomInt(rng, 1, 4);
  for (let edit = 0; edit < edits; edit++) bytes = pick(rng, byteEdits)(rng, bytes);
  return bytes;
}

type ByteEdit = (rng: Rng, bytes: Uint8Array) => Uint8Array;

const at = (rng: Rng, bytes: Uint8Array) => randomInt(rng, 0, bytes.length);
const splice = (bytes: Uint8Array, start: number, end: number, insert: Uint8Array) => {
  const out = new Uint8Array(start + insert.length + bytes.length - end);
  out.set(bytes.subarray(0, start), 0);
  out.set(insert, start);
  out.set(bytes.subarray(end), start + insert.length);
  return out;
};

const byteEdits: ByteEdit[] = [
  (rng, bytes) => {
    if (bytes.length === 0) return bytes;
    const out = bytes.slice();
    const index = randomInt(rng, 0, out.length - 1);
    out[index] = (out[index] ?? 0) ^ (1 << randomInt(rng, 0, 7));
    return out;
  },
  (rng, bytes) => bytes.slice(0, at(rng, bytes)),
  (rng, bytes) => {
    const index = at(rng, bytes);
    return splice(bytes, index, index, pick(rng, poison));
  },
  (rng, bytes) => {
    const index = at(rng, bytes);
    return splice(bytes, index, index, pick(rng, tokens));
  },
  (rng, bytes) => {
    const start = at(rng, bytes);
    const end = Math.min(bytes.length, start + randomInt(rng, 0, 64));
    return splice(bytes, start, end, new Uint8Array());
  },
  (rng, bytes) => {
    const start = at(rng, bytes);
    const end = Math.min(bytes.length, start + randomInt(rng, 1, 256));
    return splice(bytes, end, end, bytes.slice(start, end));
  },
  (rng, _bytes) => Uint8Array.from({ length: randomInt(rng, 0, 512) }, () => randomInt(rng, 0, 255)),
];
