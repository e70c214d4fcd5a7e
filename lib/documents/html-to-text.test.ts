import { describe, expect, it } from "vitest";
import { decodeHtmlEntities, htmlToText } from "./html-to-text";

describe("htmlToText", () => {
  it("drops scripts, styles, the head and comments, and keeps paragraphs and list items on their own lines", async () => {
    const html = `<!DOCTYPE html><html><head><title>T</title><script src="x.js"></script></head>
<body><style>.a > b { color: red }</style><nav>Home</nav><!-- <p>secret</p> -->
<h1>Pier  history</h1><p>Finished on <em>March&nbsp;14</em>, 1821.<br>Rebuilt in 1902.</p>
<ul><li>One</li><li>Two &amp; three</li></ul><script>document.write("<p>injected</p>")</script><noscript>Enable JS</noscript></body></html>`;
    expect(await htmlToText(html)).toBe("Home\n\nPier history\n\nFinished on March 14, 1821.\nRebuilt in 1902.\n\nOne\nTwo & three");
  });

  it("keeps the spacing inside <pre>, reads quoted attributes holding '>', and keeps a stray '<' that is not a tag", async () => {
    expect(await htmlToText('<p title="a > b">x < y</p><pre>a\n  b</pre>')).toBe("x < y\n\na\nb");
    expect(await htmlToText("<div>unterminated <script>never closed")).toBe("unterminated");
  });

  it("reads a hostile page of unclosed tags in linear time", async () => {
    const started = performance.now();
    expect((await htmlToText(`${"<a title='x".repeat(100_000)}<script ${"<p".repeat(100_000)}`)).length).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("reads a million nested tags in one pass, answering other work meanwhile, and stops at its time limit with a 422", async () => {
    const nested = `${"<div><b>".repeat(500_000)}Deep text.${"</b></div>".repeat(500_000)}`;
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 1);
    const started = performance.now();
    expect(await htmlToText(nested)).toBe("Deep text.");
    const ms = performance.now() - started;
    clearInterval(ticker);
    expect(ms).toBeLessThan(10_000);
    // The event loop ran between slices of the conversion: a timer set to fire every millisecond fired.
    expect(ticks).toBeGreaterThan(ms / 100);
    await expect(htmlToText(nested, { timeoutMs: 50 })).rejects.toMatchObject({ status: 422, message: "the HTML could not be converted to text within 0.05 s (the limit)" });
  });

  it("decodes named and numeric entities, and an invalid code point as U+FFFD", () => {
    expect(decodeHtmlEntities("&lt;b&gt; &#39;x&#x27; &eacute;t&eacute; &#0; &#xD800; &unknown;")).toBe("<b> 'x' été \uFFFD \uFFFD &unknown;");
  });
});
