import { createHash, hash } from "node:crypto";
import { AppError } from "../errors/app-error";
import { canonicalJson } from "../traces/hash-trace";

export type BackupRecord = { model: string; data: Record<string, unknown> };

/**
 * A row as the file holds it, the same whichever database it came from: dates as ISO strings,
 * bytes as base64, big integers and decimals as strings; Json values as they are. JSON has no NaN or
 * Infinity (it would write null): such a number is refused, naming where, rather than changed.
 */
export function encodeRow(model: string, row: Record<string, unknown>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(row)) {
    if (typeof value === "number" && !Number.isFinite(value)) {
      throw new AppError("unprocessable", `${model} ${String(row.id ?? JSON.stringify(row))}: ${field} is ${value}, which a backup file (JSON) cannot hold`);
    }
    data[field] = encodeValue(value);
  }
  return data;
}

function encodeValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString("base64");
  if (typeof value === "bigint") return value.toString();
  if (isDecimal(value)) return value.toString();
  return value;
}

function isDecimal(value: unknown): value is { toFixed(): string; toString(): string } {
  return typeof value === "object" && value !== null && value.constructor?.name === "Decimal" && typeof (value as { toFixed?: unknown }).toFixed === "function";
}

/**
 * Counts per model and a content hash over every record that does not depend on the order the
 * records come in: databases sort text differently, so two exports of the same data may list it in
 * different orders. Each record's SHA-256 over its canonical JSON is added modulo 2^256.
 *
 * The sum is kept as sixteen 16-bit limbs in plain numbers (carried every few million records)
 * rather than a BigInt, and each record is hashed one-shot: per record, the BigInt and the Hash
 * object were a fifth of a backup import's time.
 */
export type DigestState = { counts: Record<string, number>; limbs: number[] };

export class BackupDigest {
  readonly counts: Record<string, number> = {};
  private readonly limbs = new Array<number>(16).fill(0);
  private uncarried = 0;

  add(record: BackupRecord) {
    this.counts[record.model] = (this.counts[record.model] ?? 0) + 1;
    const digest = hash("sha256", canonicalJson(record), "buffer");
    // Limb 0 is the most significant, as the digest's bytes are big-endian.
    for (let i = 0; i < 16; i++) this.limbs[i]! += (digest[2 * i]! << 8) | digest[2 * i + 1]!;
    // A limb grows by under 2^16 a record: carry long before 2^53.
    if (++this.uncarried === carryEvery) this.carry();
  }

  /** What another digest summed (in another thread), for merge. */
  state(): DigestState {
    this.carry();
    return { counts: { ...this.counts }, limbs: [...this.limbs] };
  }

  /** Adds another digest's records to this one's, as if they had been added here. */
  merge({ counts, limbs }: DigestState) {
    for (const [model, count] of Object.entries(counts)) this.counts[model] = (this.counts[model] ?? 0) + count;
    for (let i = 0; i < 16; i++) this.limbs[i]! += limbs[i]!;
    this.carry();
  }

  contentHash(): string {
    this.carry();
    let sum = 0n;
    for (const limb of this.limbs) sum = (sum << 16n) | BigInt(limb);
    const sorted = Object.fromEntries(Object.entries(this.counts).sort(([a], [b]) => (a < b ? -1 : 1)));
    return `sha256:${createHash("sha256")
      .update(canonicalJson({ counts: sorted, sum: sum.toString(16) }))
      .digest("hex")}`;
  }

  /** Moves each limb's overflow into the next more significant one; what leaves limb 0 is the modulus, dropped. */
  private carry() {
    let carried = 0;
    for (let i = 15; i >= 0; i--) {
      const total = this.limbs[i]! + carried;
      this.limbs[i] = total % 65536;
      carried = Math.floor(total / 65536);
    }
    this.uncarried = 0;
  }
}

const carryEvery = 1 << 30;
