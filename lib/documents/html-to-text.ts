/**
 * Readable text from an HTML page, for a document whose answers must be quoted verbatim from it.
 * No HTML parser is installed here, so this is a small tokenizer: comments, doctype, CDATA and the
 * contents of script, style, noscript, template, svg, head, iframe, object, textarea and title are
 * dropped; block elements and <br> become line breaks; entities are decoded; runs of spaces
 * collapse (inside <pre> line breaks are kept).
 *
 * Bounds: it keeps no stack of open elements, so nesting depth costs nothing (a million nested tags
 * is a million tags, read in one pass); it gives the event loop back every few milliseconds, so other
 * requests are answered while a large page converts; and it stops at `timeoutMs`.
 */
import { AppError } from "../errors/app-error";

/** How long one page may take to convert; 24 MiB of nested tags (4.8 million) takes about 5 s on one core here. */
export const htmlTimeoutMs = 20_000;
const sliceMs = 15;
// Sticky: matches at lastIndex only, so no slice of the page is copied per tag.
const tagHead = /<(\/?)([a-z][a-z0-9-]*)/iy;

const droppedElements = new Set(["script", "style", "noscript", "template", "svg", "head", "iframe", "object", "textarea", "title"]);
const blockElements = new Set([
  "address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt", "figcaption", "figure", "footer", "form", "h1", "h2", "h3",
  "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
  "caption", "details", "summary",
]);

// Private-use characters mark where elements break lines until runs of them are merged.
const lineBreak = "\uE000";
const paragraphBreak = "\uE001";

const namedEntities: Record<string, string> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", ndash: "–", mdash: "—", hellip: "…", lsquo: "‘", rsquo: "’",
  ldquo: "“", rdquo: "”", laquo: "«", raquo: "»", copy: "©", reg: "®", trade: "™", deg: "°", euro: "€", pound: "£", yen: "¥",
  cent: "¢", sect: "§", para: "¶", middot: "·", bull: "•", times: "×", divide: "÷", minus: "−", plusmn: "±", frac12: "½",
  frac14: "¼", frac34: "¾", eacute: "é", egrave: "è", ecirc: "ê", aacute: "á", agrave: "à", acirc: "â", ouml: "ö", uuml: "ü",
  auml: "ä", szlig: "ß", ccedil: "ç", ntilde: "ñ", oacute: "ó", iacute: "í", uacute: "ú", shy: "",
};

export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);?/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      // An invalid code point (a surrogate, past U+10FFFF, NUL) is the replacement character, as browsers do.
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : "\uFFFD";
    }
    return namedEntities[name.toLowerCase()] ?? whole;
  });
}

/** The readable text of `html`; a 422 when converting it takes longer than `timeoutMs`. */
export async function htmlToText(html: string, { timeoutMs = htmlTimeoutMs }: { timeoutMs?: number } = {}): Promise<string> {
  // One pass from "<" to "<", so a hostile page (thousands of unclosed tags) still takes linear time.
  const deadline = performance.now() + timeoutMs;
  let sliceEnd = performance.now() + sliceMs;
  let tags = 0;
  const lower = html.toLowerCase();
  const out: string[] = [];
  let inPre = 0;
  let textStart = 0;
  let at = 0;
  const skipTo = (from: number, marker: string) => {
    const found = lower.indexOf(marker, from);
    out.push(" ");
    at = found === -1 ? html.length : found + marker.length;
    textStart = at;
  };
  for (let open = html.indexOf("<", at); open !== -1; open = html.indexOf("<", at)) {
    if (++tags % 512 === 0 && performance.now() > sliceEnd) {
      if (performance.now() > deadline) throw new AppError("unprocessable", `the HTML could not be converted to text within ${timeoutMs / 1000} s (the limit)`);
      await new Promise((resolve) => setImmediate(resolve));
      sliceEnd = performance.now() + sliceMs;
    }
    const flush = () => {
      if (open > textStart) out.push(collapse(html.slice(textStart, open), inPre > 0));
    };
    if (html.startsWith("<!--", open)) {
      flush();
      skipTo(open + 4, "-->");
      continue;
    }
    if (html.startsWith("<![CDATA[", open)) {
      flush();
      skipTo(open + 9, "]]>");
      continue;
    }
    if (html[open + 1] === "!" || html[open + 1] === "?") {
      flush();
      skipTo(open + 2, ">");
      continue;
    }
    tagHead.lastIndex = open;
    const head = tagHead.exec(html);
    if (!head) {
      at = open + 1;
      continue;
    }
    const end = findTagEnd(html, open + head[0].length);
    // A tag that never closes: the rest is text.
    if (end === -1) break;
    flush();
    at = textStart = end + 1;
    const name = head[2]!.toLowerCase();
    const isClosing = head[1] === "/";
    if (!isClosing && droppedElements.has(name)) {
      const close = lower.indexOf(`</${name}`, at);
      skipTo(close === -1 ? html.length : close, ">");
      continue;
    }
    if (name === "pre") inPre = Math.max(0, inPre + (isClosing ? -1 : 1));
    if (blockElements.has(name)) out.push(name === "p" || /^h[1-6]$/.test(name) ? paragraphBreak : lineBreak);
    else if (name === "td" || name === "th") out.push(" ");
  }
  if (html.length > textStart) out.push(collapse(html.slice(textStart), inPre > 0));
  return out
    .join("")
    // A run of breaks (</li><li>, </p><p>) is one break: a blank line when a paragraph or heading is in it.
    .replace(/[ \t]*[\uE000\uE001][\s\uE000\uE001]*/g, (run) => (run.includes(paragraphBreak) ? "\n\n" : "\n"))
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The ">" that ends a tag, skipping quoted attribute values ("a > b"); -1 when there is none. */
function findTagEnd(html: string, from: number): number {
  let quote: string | null = null;
  for (let at = from; at < html.length; at++) {
    const char = html[at]!;
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === ">") return at;
    else if ((char === '"' || char === "'") && /=\s*$/.test(html.slice(Math.max(from, at - 8), at))) quote = char;
  }
  return -1;
}

function collapse(raw: string, isPre: boolean): string {
  // Tags are gone; a stray "<" or ">" left in the text is literal.
  const decoded = decodeHtmlEntities(raw);
  return isPre ? decoded : decoded.replace(/[ \t\r\n\f\v]+/g, " ");
}
