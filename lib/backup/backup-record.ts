import { createHash } from "node:crypto";
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

const modulus = 1n << 256n;

/**
 * Counts per model and a content hash over every record that does not depend on the order the
 * records come in: databases sort text differently, so two exports of the same data may list it in
 * different orders. Each record's SHA-256 over its canonical JSON is added modulo 2^256.
 */
export class BackupDigest {
  readonly counts: Record<string, number> = {};
  private sum = 0n;

  add(record: BackupRecord) {
    this.counts[record.model] = (this.counts[record.model] ?? 0) + 1;
    const digest = createHash("sha256").update(canonicalJson(record)).digest("hex");
    this.sum = (this.sum + BigInt(`0x${digest}`)) % modulus;
  }

  contentHash(): string {
    const sorted = Object.fromEntries(Object.entries(this.counts).sort(([a], [b]) => (a < b ? -1 : 1)));
    return `sha256:${createHash("sha256")
      .update(canonicalJson({ counts: sorted, sum: this.sum.toString(16) }))
      .digest("hex")}`;
  }
}
