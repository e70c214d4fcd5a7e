import { isRecord } from "../../json/json-value";

/**
 * Inspect score values to numbers, as Inspect's own value_to_float does: "C" (correct) 1,
 * "P" (partial) 0.5, "I" (incorrect) and "N" (no answer) 0, yes/true 1, no/false 0, numeric
 * strings as numbers, booleans 1/0. A dict value gives one number per numeric key. Other values
 * (lists, free text) give none; the raw score stays in metadata.
 */
export function scoreValueToNumbers(name: string, value: unknown): Record<string, number> {
  if (isRecord(value)) {
    const out: Record<string, number> = {};
    for (const [key, item] of Object.entries(value)) {
      const number = scalarToNumber(item);
      if (number !== null) out[`${name}.${key}`] = number;
    }
    return out;
  }
  const number = scalarToNumber(value);
  return number === null ? {} : { [name]: number };
}

const letterValues: Record<string, number> = { c: 1, p: 0.5, i: 0, n: 0, yes: 1, true: 1, no: 0, false: 0 };

function scalarToNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value !== "string") return null;
  const text = value.trim().toLowerCase();
  if (text in letterValues) return letterValues[text] ?? null;
  const number = Number(text);
  return text !== "" && Number.isFinite(number) ? number : null;
}
