/**
 * The text a reader of a reply sees, which is what a text check (regex, reply length, a value the
 * reply names) judges: a phrase hidden where no reader sees it earns nothing and costs nothing.
 * Removed: HTML comments (an unclosed one hides the rest), markdown comment lines
 * (`[//]: # (...)`, `[comment]: <> (...)`), HTML elements hidden by a `hidden` attribute or a
 * `display:none` / `visibility:hidden` style (an unclosed one hides the rest, as in a browser), and
 * characters that render as nothing (zero-width spaces and joiners, the soft hyphen, bidirectional
 * controls, Unicode tag characters, which can spell out a whole hidden sentence). Everything else,
 * markup included, is kept as written. Linear in the text: a reply is untrusted and can be megabytes.
 */
export function visibleText(text: string): string {
  return removeHiddenElements(text.replace(HTML_COMMENT, "").replace(MARKDOWN_COMMENT, "")).replace(INVISIBLE_CHARACTERS, "");
}

// An opening tag's attributes stop at the next "<" or ">", so no scan runs past the next tag.
const OPEN_TAG = /<([a-z][a-z0-9]*)\b([^<>]*)>/gi;
const HIDES = /(?:^|\s)hidden(?:[\s=/]|$)|style\s*=\s*["'][^"']*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;

function removeHiddenElements(text: string): string {
  const kept: string[] = [];
  let from = 0;
  OPEN_TAG.lastIndex = 0;
  for (let tag = OPEN_TAG.exec(text); tag; tag = OPEN_TAG.exec(text)) {
    if (!HIDES.test(tag[2]!)) continue;
    kept.push(text.slice(from, tag.index));
    const close = new RegExp(`</${tag[1]}\\s*>`, "gi");
    close.lastIndex = OPEN_TAG.lastIndex;
    const end = close.exec(text);
    if (!end) return kept.join("");
    from = OPEN_TAG.lastIndex = end.index + end[0].length;
  }
  kept.push(text.slice(from));
  return kept.join("");
}

const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
// A link reference definition nobody links to renders as nothing: the usual markdown comment.
const MARKDOWN_COMMENT = /^[ \t]{0,3}\[(?:\/\/|comment|#)\]:[ \t]*(?:#|<>)[ \t]*(?:\([^\n]*\)|"[^\n]*"|'[^\n]*')[ \t]*$\n?/gim;
const INVISIBLE_CHARACTERS = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]|[\u{E0000}-\u{E007F}]/gu;
