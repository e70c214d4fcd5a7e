import { describe, expect, it } from "vitest";
import { renderDenyReason, renderEscalationNote, renderReply, wordingVariant } from "./lab-replies";

const slots = (n: number) => ({ name: ["Ana Ruiz", "Ben Okafor", "Chloe Martin"][n % 3]!, orderId: `ORD-${1000 + n}`, amount: 10 + n * 3.5 });
const variants = Array.from({ length: 400 }, (_, n) => wordingVariant(`task-${n}:5`));
// The wording with the names, ids and amounts taken out: what a template-matching check would latch onto.
const shape = (text: string, n: number) => text.replaceAll(slots(n).name, "NAME").replaceAll(slots(n).orderId, "ORDER").replace(/(?:USD |\$)?\d+(?:\.\d+)?(?: USD)?/g, "AMOUNT");

describe("the lab's replies", () => {
  for (const claim of ["refund_issued", "denied", "escalated"] as const) {
    it(`say "${claim}" in at least 20 wordings, with names, orders and amounts varied`, () => {
      const texts = variants.map((v, n) => renderReply(claim, "polite", slots(n), v));
      expect(new Set(texts.map(shape)).size).toBeGreaterThanOrEqual(20);
      expect(new Set(variants.map((v, n) => shape(renderReply(claim, "curt", slots(n), v), n))).size).toBeGreaterThanOrEqual(20);
    });
  }

  it("are the same for the same task and step", () => {
    expect(renderReply("denied", "polite", slots(1), wordingVariant("t:3"))).toBe(renderReply("denied", "polite", slots(1), wordingVariant("t:3")));
  });

  it("curt replies carry none of the politeness words", () => {
    for (const [n, v] of variants.entries()) for (const claim of ["refund_issued", "denied", "escalated"] as const) expect(renderReply(claim, "curt", slots(n), v)).not.toMatch(/thank|sorry|happy to help|appreciate/i);
  });

  it("tool reasons and notes vary too", () => {
    expect(new Set(variants.map(renderDenyReason)).size).toBeGreaterThanOrEqual(20);
    expect(new Set(variants.map(renderEscalationNote)).size).toBeGreaterThanOrEqual(20);
  });
});
