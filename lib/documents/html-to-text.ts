/**
 * Readable text from an HTML page, for a document whose answers must be quoted verbatim from it.
 * No HTML parser is installed here, so this is a small tokenizer: comments, doctype, and the
 * contents of script, style, noscript, template, svg and head are dropped; block elements and <br>
 * become line breaks; entities are decoded; runs of spaces collapse (inside <pre> they are kept).
 */

const droppedElements = ["script", "style", "noscript", "template", "svg", "head", "iframe", "object"];
const blockElements = new Set([
  "address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt", "figcaption", "figure", "footer", "form", "h1", "h2", "h3",
  "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
  "title", "caption", "details", "summary",
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

export function htmlToText(html: string): string {
  let text = html.replace(/<!--[\s\S]*?(?:-->|$)/g, " ").replace(/<!doctype[^>]*>/gi, " ").replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, " ");
  for (const name of droppedElements) text = text.replace(new RegExp(`<${name}\\b[^>]*>[\\s\\S]*?(?:</${name}\\s*>|$)`, "gi"), " ");
  const out: string[] = [];
  let inPre = 0;
  const tag = /<(\/?)([a-z][a-z0-9-]*)\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
  let last = 0;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    out.push(collapse(text.slice(last, match.index), inPre > 0));
    last = match.index + match[0].length;
    const name = match[2]!.toLowerCase();
    if (name === "pre") inPre = Math.max(0, inPre + (match[1] ? -1 : 1));
    if (blockElements.has(name)) out.push(name === "p" || /^h[1-6]$/.test(name) ? paragraphBreak : lineBreak);
    else if (name === "td" || name === "th") out.push(" ");
  }
  out.push(collapse(text.slice(last), inPre > 0));
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

function collapse(raw: string, isPre: boolean): string {
  // Tags are gone; a stray "<" or ">" left in the text is literal.
  const decoded = decodeHtmlEntities(raw);
  return isPre ? decoded : decoded.replace(/[ \t\r\n\f\v]+/g, " ");
}
