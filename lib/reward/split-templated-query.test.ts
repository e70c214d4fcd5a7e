import { describe, expect, it } from "vitest";
import { splitTemplatedQuery } from "./split-templated-query";

describe("splitTemplatedQuery", () => {
  it("cuts the prompt off a query that starts with it", () => {
    expect(splitTemplatedQuery("<|user|>Hi<|assistant|>Hello!</s>", "<|user|>Hi<|assistant|>")).toEqual({ ok: true, prompt: "<|user|>Hi<|assistant|>", completion: "Hello!" });
  });

  it("finds the response after the last assistant-turn marker of each template when the prompt was cut from the left", () => {
    const cases: Array<[string, string]> = [
      ["tem\n<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\nHello!<|im_end|>\n", "Qwen / ChatML"],
      ["start_header_id|>user<|end_header_id|>\n\nHi<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\nHello!<|eot_id|>", "Llama 3"],
      ["[INST] Hi [/INST] Hello!</s>", "Mistral"],
      ["_of_turn>user\nHi<end_of_turn>\n<start_of_turn>model\nHello!<end_of_turn>\n", "Gemma"],
      ["<｜User｜>Hi<｜Assistant｜>Hello!<｜end▁of▁sentence｜>", "DeepSeek"],
    ];
    for (const [query, template] of cases) {
      const split = splitTemplatedQuery(query, "a longer prompt the query no longer starts with");
      expect(split, template).toMatchObject({ ok: true, completion: "Hello!" });
    }
  });

  it("takes the whole query as the response when there is neither a prompt nor a marker, and refuses it when a prompt was sent", () => {
    expect(splitTemplatedQuery("Hello!")).toEqual({ ok: true, prompt: null, completion: "Hello!" });
    expect(splitTemplatedQuery("Hello!", "Hi")).toMatchObject({ ok: false, error: expect.stringMatching(/cannot tell the response from the prompt/) });
  });
});
