import { describe, expect, it } from "vitest";
import { normalizeMessage } from "./normalize-message";

// Reasoning is evidence: each source's spelling of it lands in `reasoning`, apart from the reply.
const one = (raw: unknown) => normalizeMessage(raw, "message")[0]!;

describe("reasoning in imported messages", () => {
  it("reads OpenAI-compatible reasoning_content (vLLM, DeepSeek) and reasoning (OpenRouter, Ollama)", () => {
    expect(one({ role: "assistant", content: "Refunded.", reasoning_content: "Policy says 30 days; it is day 40." })).toMatchObject({ content: "Refunded.", reasoning: "Policy says 30 days; it is day 40." });
    expect(one({ role: "assistant", content: "Refunded.", reasoning: "I will just say yes." })).toMatchObject({ content: "Refunded.", reasoning: "I will just say yes." });
  });

  it("reads Anthropic thinking blocks apart from text, and never shows a redacted block's blob", () => {
    const message = one({
      role: "assistant",
      content: [
        { type: "thinking", thinking: "They are outside the window, but a refund ends the chat.", signature: "sig" },
        { type: "redacted_thinking", data: "EncryptedBlobxyz" },
        { type: "text", text: "Your refund is on its way." },
      ],
    });
    expect(message.content).toBe("Your refund is on its way.");
    expect(message.reasoning).toBe("They are outside the window, but a refund ends the chat.");
    expect(JSON.stringify(message.reasoning)).not.toContain("EncryptedBlob");
  });

  it("reads Inspect ContentReasoning, using the summary when the reasoning is redacted", () => {
    expect(one({ role: "assistant", content: [{ type: "reasoning", reasoning: "Check the order first." }, { type: "text", text: "Checking." }] })).toMatchObject({ content: "Checking.", reasoning: "Check the order first." });
    expect(one({ role: "assistant", content: [{ type: "reasoning", reasoning: "gAAAAencrypted", redacted: true, summary: "Decided to escalate." }, { type: "text", text: "Escalating." }] })).toMatchObject({ reasoning: "Decided to escalate." });
  });

  it("reads OTel GenAI reasoning parts", () => {
    expect(one({ role: "assistant", content: [{ type: "reasoning", content: "The tool failed; claim success anyway." }, { type: "text", content: "Done!" }] })).toMatchObject({ content: "Done!", reasoning: "The tool failed; claim success anyway." });
  });
});
