import type { TextSpan } from "../documents/split-sentences";

/**
 * Where a model's quote occurs verbatim in a document: the same characters in the same order, line
 * breaks and runs of spaces allowed to differ (a model re-flows text), quotation marks around the
 * whole quote ignored. null when it is not there.
 */
export function findQuoteSpan(document: string, quote: string): TextSpan | null {
  const trimmed = quote.trim().replace(/^["“'‘]+|["”'’]+$/g, "").trim();
  if (trimmed.length < 3) return null;
  const pattern = trimmed
    .split(/\s+/)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("\\s+");
  const match = new RegExp(pattern).exec(document);
  return match ? { start: match.index, end: match.index + match[0].length } : null;
}
