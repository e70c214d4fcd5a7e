import { describe, expect, it } from "vitest";
import { findQuoteSpan } from "./find-quote-span";

describe("findQuoteSpan", () => {
  const text = "The pier was finished on\nMarch 14, 1821, after a storm (the worst in a century).";

  it("finds a quote across a re-flowed line break and around quotation marks, as the document's own characters", () => {
    const span = findQuoteSpan(text, '"finished on March 14, 1821"')!;
    expect(text.slice(span.start, span.end)).toBe("finished on\nMarch 14, 1821");
    const parens = findQuoteSpan(text, "(the worst in a century)")!;
    expect(text.slice(parens.start, parens.end)).toBe("(the worst in a century)");
  });

  it("finds nothing for words the document does not hold in that order, or a quote too short to support anything", () => {
    expect(findQuoteSpan(text, "finished in March 1821")).toBeNull();
    expect(findQuoteSpan(text, "the Pier was finished")).toBeNull();
    expect(findQuoteSpan(text, "on")).toBeNull();
  });
});
