/**
 * The text a reader of a reply sees, which is what a text check (regex, reply length, a value the
 * reply names) judges: a phrase hidden where no reader sees it earns nothing and costs nothing.
 * Removed: HTML comments (an unclosed one hides the rest), markdown comment lines
 * (`[//]: # (...)`, `[comment]: <> (...)`), HTML elements hidden by a `hidden` attribute or a
 * `display:none` / `visibility:hidden` style, and characters that render as nothing (zero-width
 * spaces and joiners, the soft hyphen, bidirectional controls, Unicode tag characters, which can
 * spell out a whole hidden sentence). Everything else, markup included, is kept as written.
 */
export function visibleText(text: string): string {
  return text.replace(HTML_COMMENT, "").replace(MARKDOWN_COMMENT, "").replace(HIDDEN_ELEMENT, "").replace(INVISIBLE_CHARACTERS, "");
}

const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
// A link reference definition nobody links to renders as nothing: the usual markdown comment.
const MARKDOWN_COMMENT = /^[ \t]{0,3}\[(?:\/\/|comment|#)\]:[ \t]*(?:#|<>)[ \t]*(?:\([^\n]*\)|"[^\n]*"|'[^\n]*')[ \t]*$\n?/gim;
const HIDDEN_ELEMENT = /<([a-z][a-z0-9]*)\b(?=[^>]*(?:\shidden(?:[\s=>/])|style\s*=\s*["'][^"']*(?:display\s*:\s*none|visibility\s*:\s*hidden)))[^>]*>[\s\S]*?<\/\1\s*>/gi;
const INVISIBLE_CHARACTERS = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]|[\u{E0000}-\u{E007F}]/gu;
