import { isRecord, type JsonObject } from "../../json/json-value";

/**
 * OTLP/JSON AnyValue to a plain value: stringValue, boolValue, intValue (a decimal string in
 * OTLP/JSON; kept as a string past 2^53), doubleValue, arrayValue, kvlistValue, bytesValue (base64).
 */
export function decodeAnyValue(value: unknown): unknown {
  if (!isRecord(value)) return null;
  if ("stringValue" in value) return value.stringValue;
  if ("boolValue" in value) return value.boolValue;
  if ("intValue" in value) {
    const number = Number(value.intValue);
    return Number.isSafeInteger(number) ? number : value.intValue;
  }
  if ("doubleValue" in value) return typeof value.doubleValue === "string" ? Number(value.doubleValue) : value.doubleValue;
  if ("arrayValue" in value) {
    const values = isRecord(value.arrayValue) && Array.isArray(value.arrayValue.values) ? value.arrayValue.values : [];
    return values.map(decodeAnyValue);
  }
  if ("kvlistValue" in value) {
    return decodeAttributes(isRecord(value.kvlistValue) ? value.kvlistValue.values : []);
  }
  if ("bytesValue" in value) return value.bytesValue;
  return null;
}

/** `[{key, value}]` to `{key: value}`. */
export function decodeAttributes(list: unknown): JsonObject {
  const out: JsonObject = {};
  if (!Array.isArray(list)) return out;
  for (const item of list) {
    if (isRecord(item) && typeof item.key === "string") out[item.key] = decodeAnyValue(item.value);
  }
  return out;
}

/** Unix nanoseconds as OTLP/JSON writes them (a decimal string, or a number) to a bigint. */
export function readNanos(value: unknown): bigint | null {
  if (typeof value === "string" && /^\d+$/.test(value)) return BigInt(value);
  if (typeof value === "number" && Number.isFinite(value) && value >= 0) return BigInt(Math.round(value));
  return null;
}
