import type { TextSpan } from "./split-sentences";

/**
 * A document cut into passages of at most `maxChars` at paragraph breaks (a paragraph longer than
 * that is cut at a line or space before the limit), covering the whole text in order.
 */
export function splitPassages(text: string, maxChars = 6000): TextSpan[] {
  const passages: TextSpan[] = [];
  let start = 0;
  while (start < text.length) {
    if (text.length - start <= maxChars) {
      passages.push({ start, end: text.length });
      break;
    }
    const window = text.slice(start, start + maxChars);
    const cut = [window.lastIndexOf("\n\n"), window.lastIndexOf("\n"), window.lastIndexOf(" ")].find((at) => at > maxChars / 2);
    const end = start + (cut === undefined ? maxChars : cut + 1);
    passages.push({ start, end });
    start = end;
  }
  return passages.filter((passage) => text.slice(passage.start, passage.end).trim() !== "");
}

/** The passage that holds a span (the first one it starts in). */
export function passageOf(passages: TextSpan[], span: TextSpan): TextSpan {
  return passages.find((passage) => span.start >= passage.start && span.start < passage.end) ?? passages[passages.length - 1]!;
}
