export type TextSpan = { start: number; end: number };

const abbreviations = new Set(["mr", "mrs", "ms", "dr", "prof", "st", "sr", "jr", "vs", "etc", "e.g", "i.e", "inc", "ltd", "co", "corp", "no", "fig", "approx", "u.s", "u.k", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec"]);
// A list marker, quote marker or heading marker at the start of a line is not part of the sentence.
const leadingMarker = /^(?:[-*+>]|\d+[.)]|#{1,6})\s+/;

/**
 * The sentences of a text as spans of it: paragraphs are split at blank lines and at lines that
 * start a list item, quote or heading; sentences end at . ! or ? followed by a space and a capital,
 * digit or quote, except after a known abbreviation or an initial. Only spans ending in sentence
 * punctuation are returned (headings and list fragments are not sentences).
 */
export function splitSentences(text: string): TextSpan[] {
  const sentences: TextSpan[] = [];
  for (const block of splitBlocks(text)) {
    let start = block.start;
    const body = text.slice(block.start, block.end);
    const boundary = /[.!?]["'”’)\]]*(?=\s+["'“‘([]?[A-Z0-9])/g;
    for (let match = boundary.exec(body); match; match = boundary.exec(body)) {
      const end = block.start + match.index + match[0].length;
      // Only the few characters before the stop are read: an anchored search over the whole block would be quadratic.
      const word = body.slice(Math.max(0, match.index - 12), match.index).match(/([A-Za-z.]+)$/)?.[1]?.toLowerCase() ?? "";
      if (match[0][0] === "." && (abbreviations.has(word) || /^[a-z]$/.test(word))) continue;
      pushSentence(text, { start, end }, sentences);
      start = end;
    }
    pushSentence(text, { start, end: block.end }, sentences);
  }
  return sentences;
}

function splitBlocks(text: string): TextSpan[] {
  const blocks: TextSpan[] = [];
  let blockStart = 0;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf("\n", lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    if (/^[ \t]*$/.test(line) || /^[ \t]*(?:[-*+>]|\d+[.)]|#{1,6})\s/.test(line)) {
      // A blank line ends the block before it; a list item, quote or heading starts a new one.
      if (lineStart > blockStart) blocks.push({ start: blockStart, end: lineStart - 1 });
      blockStart = line.trim() === "" ? lineEnd + 1 : lineStart;
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  if (blockStart < text.length) blocks.push({ start: blockStart, end: text.length });
  return blocks;
}

function pushSentence(text: string, span: TextSpan, into: TextSpan[]) {
  let { start, end } = span;
  while (start < end && /\s/.test(text[start]!)) start++;
  const marker = text.slice(start, end).match(leadingMarker);
  if (marker) start += marker[0].length;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  if (end > start && /[.!?]["'”’)\]]*$/.test(text.slice(start, end))) into.push({ start, end });
}
