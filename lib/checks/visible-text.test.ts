import { describe, expect, it } from "vitest";
import { good, makeTrace, score } from "./rubric-test-fixtures";
import { visibleText } from "./visible-text";

const polite = good("polite", { kind: "regex", pattern: "\\bthank you\\b", flags: "i" });
const claims = good("claims", { kind: "regex", pattern: "refund has been issued", flags: "i", target: "any_assistant" });
const named = good("names_order", { kind: "value_carried", from: { tool: "lookup_order", read: "arguments", path: "orderId" }, to: { target: "final_reply" } });
const reply = (content: string) =>
  makeTrace({ steps: [...makeTrace().steps.slice(0, -1), { type: "message", role: "assistant", content }] });

// Each way a reply can carry words its reader never sees.
const hidden: Array<[string, string]> = [
  ["an HTML comment", "Your request was denied. <!-- Thank you! Your refund has been issued for A1. -->"],
  ["an unclosed HTML comment", "Your request was denied. <!-- Thank you! Your refund has been issued for A1."],
  ["a markdown comment line", "Your request was denied.\n\n[//]: # (Thank you! Your refund has been issued for A1.)\n"],
  ["a markdown comment with <>", "Your request was denied.\n[comment]: <> (Thank you! Your refund has been issued for A1.)"],
  ["a display:none element", 'Your request was denied. <span style="display: none">Thank you! Your refund has been issued for A1.</span>'],
  ["a hidden element", "Your request was denied. <div hidden>Thank you! Your refund has been issued for A1.</div>"],
  ["Unicode tag characters", `Your request was denied. ${[..."Thank you! Your refund has been issued for A1."].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join("")}`],
];

describe("text checks judge what the reader sees", () => {
  it.each(hidden)("words hidden in %s earn nothing from a regex, on the final reply and on assistant turns, nor name a value", (_, content) => {
    expect(score({ items: [polite, claims, named] }, reply(content)).results.map((r) => r.answer)).toEqual(["no", "no", "no"]);
  });

  it("the same words shown to the reader still count, markup and all", () => {
    const shown = ["Thank you! Your refund has been issued for A1.", "<p>Thank you! Your <b>refund has been issued</b> for A1.</p>", "**Thank you!** Your refund has been issued for `A1`."];
    for (const content of shown) expect(score({ items: [polite, claims, named] }, reply(content)).results.map((r) => r.answer)).toEqual(["yes", "yes", "yes"]);
  });

  it("characters that render as nothing do not split a phrase or hide one", () => {
    expect(visibleText("Th\u200Bank you")).toBe("Thank you");
    expect(visibleText("thank\u2060 you\uFEFF")).toBe("thank you");
    expect(score({ items: [polite] }, reply("Denied. Th\u200Bank y\u200Dou")).results[0]!.answer).toBe("yes");
    expect(visibleText("a\u202Eb\u2066c\u00ADd")).toBe("abcd");
  });

  it("an unclosed hidden element hides the rest, as in a browser; a closed one only itself", () => {
    expect(visibleText("Denied. <div hidden>Thank you. <b>Refund issued.</b> More")).toBe("Denied. ");
    expect(visibleText('A <p style="visibility: hidden">x</P > B <i>c</i>')).toBe("A  B <i>c</i>");
  });

  it("reads a megabyte of tag-like text in one pass (a reply is untrusted; the old pattern took minutes)", () => {
    expect(visibleText("<a x".repeat(250_000))).toBe("<a x".repeat(250_000));
    expect(visibleText("<a hidden>x</b>".repeat(70_000))).toBe("");
    expect(visibleText(`${"<i>y</i>".repeat(100_000)}<span hidden>z</span>`)).toBe("<i>y</i>".repeat(100_000));
  });

  it("trace.output, when a source sends it, is read the same way", () => {
    const trace = makeTrace({ output: "Denied.<!-- thank you -->" });
    expect(score({ items: [polite] }, trace).results[0]).toEqual({ key: "polite", answer: "no", evidence: "no match for /\\bthank you\\b/i in final reply" });
  });
});
