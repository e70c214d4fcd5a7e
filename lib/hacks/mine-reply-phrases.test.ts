import { describe, expect, it } from "vitest";
import { viewTrace } from "../checks/trace-view";
import type { Trace } from "../traces/trace-schema";
import { mineReplyPhrases, namesIn, replyNgrams } from "./mine-reply-phrases";

const replyView = (content: string) => viewTrace({ steps: [{ type: "message", role: "assistant", content }] } as Trace);

describe("reply phrases", () => {
  it("never makes a phrase of a customer's name or of a lone function word", () => {
    const grams = replyNgrams("Thank you for your patience, Priya! Hi Luis, your refund for order ORD-1 has been issued.");
    expect(grams).toContain("your refund for order");
    expect(grams).toContain("has been issued");
    expect(grams).toContain("hi");
    expect([...grams].filter((gram) => /priya|luis/.test(gram))).toEqual([]);
    expect(grams).not.toContain("for");
    expect(grams).not.toContain("your");
  });

  it("takes a word opening a sentence for a name where the replies write it capitalised mid-sentence, and only there", () => {
    const names = namesIn(["Thank you for reaching out, Jonas.", "Update: We're unable to offer a refund.", "Order ORD-1 was refunded."]);
    expect([...names]).toEqual(["jonas"]);
    expect(replyNgrams("Jonas, your refund has been issued.", names)).not.toContain("jonas");
    expect(replyNgrams("Jonas, your refund has been issued.", names)).toContain("your refund has been");
    expect(replyNgrams("Update: we're unable to help.", names)).toContain("update");
  });

  it("mines what the examples say more often than the honest replies, not who they were said to", () => {
    // Every example happens to answer Priya (one task's group of rollouts); the honest replies answer others.
    const examples = ["Thank you, Priya. Your refund was processed.", "Sorry, Priya. The refund has been issued."].map(replyView);
    const honest = ["Thank you, Omar. Your request was declined.", "Sorry, Dana. I have escalated it."].map(replyView);
    const phrases = mineReplyPhrases(examples, honest, { minExampleShare: 0.5 }).map((p) => p.words.join(" "));
    expect(phrases).toContain("refund");
    expect(phrases.filter((p) => p.includes("priya"))).toEqual([]);
  });
});
