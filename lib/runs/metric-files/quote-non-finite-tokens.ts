const tokens = ["-Infinity", "Infinity", "NaN"];

/**
 * JSON text with Python's bare `NaN`, `Infinity` and `-Infinity` (what `json.dumps` writes by
 * default, and so W&B's and Hugging Face's logs) turned into the strings "NaN", "Infinity" and
 * "-Infinity", so the line parses and those values are counted as non-numbers rather than losing
 * the whole line. Text inside strings is left alone.
 */
export function quoteNonFiniteTokens(text: string): string {
  if (!/NaN|Infinity/.test(text)) return text;
  let out = "";
  let isInString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (isInString) {
      out += char;
      if (char === "\\") out += text[++i] ?? "";
      else if (char === '"') isInString = false;
      continue;
    }
    if (char === '"') {
      isInString = true;
      out += char;
      continue;
    }
    const token = tokens.find((candidate) => text.startsWith(candidate, i));
    if (token) {
      out += `"${token}"`;
      i += token.length - 1;
      continue;
    }
    out += char;
  }
  return out;
}
