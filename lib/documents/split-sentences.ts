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
      const word = body.slice(0, match.index).match(/([A-Za-z.]+)$/)?.[1]?.toLowerCase() ?? "";
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
  let start = 0;
  const lineStart = /\n/g;
  const flush = (end: number) => {
    if (end > start) blocks.push({ start, end });
  };
  for (let match = lineStart.exec(text); match; match = lineStart.exec(text)) {
    const next = match.index + 1;
    const rest = text.slice(next, next + 12);
    if (/^[ \t]*\n/.test(rest) || /^[ \t]*(?:[-*+>]|\d+[.)]|#{1,6})\s/.test(rest) || /^[ \t]*$/.test(text.slice(start, match.index))) {
      flush(match.index);
      start = next;
    }
  }
  flush(text.length);
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
