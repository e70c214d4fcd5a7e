// Where chat templates open the assistant's turn (ChatML/Qwen, Llama 3, Mistral/Llama 2, Gemma,
// Phi-3/Zephyr, DeepSeek), and the tokens that close it.
const assistantMarkers = [
  "<|im_start|>assistant",
  "<|start_header_id|>assistant<|end_header_id|>",
  "[/INST]",
  "<start_of_turn>model",
  "<|assistant|>",
  "<｜Assistant｜>",
];
const endTokens = /(?:\s*(?:<\|im_end\|>|<\|endoftext\|>|<\|eot_id\|>|<\|eom_id\|>|<\|end_of_text\|>|<\/s>|<end_of_turn>|<eos>|<\|end\|>|<｜end▁of▁sentence｜>))+\s*$/;

export type SplitQuery = { ok: true; prompt: string | null; completion: string } | { ok: false; error: string };

/**
 * OpenRLHF's `query` is prompt + response decoded with the chat template's special tokens. The
 * response is what follows the prompt when the query starts with it; otherwise (the trainer cut the
 * prompt from the left to fit max_len) what follows the last assistant-turn marker. A query with
 * neither is refused rather than scored whole, which would score the prompt as the answer.
 */
export function splitTemplatedQuery(query: string, prompt?: string | null): SplitQuery {
  if (prompt && query.startsWith(prompt)) return { ok: true, prompt, completion: stripEnd(query.slice(prompt.length)) };
  const marker = findLastMarker(query);
  if (marker) return { ok: true, prompt: query.slice(0, marker.start), completion: stripEnd(query.slice(marker.end).replace(/^\s+/, "")) };
  if (!prompt) return { ok: true, prompt: null, completion: stripEnd(query) };
  return {
    ok: false,
    error: `cannot tell the response from the prompt: the query does not start with the prompt (cut from the left?) and has no assistant-turn marker (${assistantMarkers.join(", ")})`,
  };
}

function findLastMarker(query: string): { start: number; end: number } | null {
  let best: { start: number; end: number } | null = null;
  for (const marker of assistantMarkers) {
    const start = query.lastIndexOf(marker);
    if (start >= 0 && (!best || start > best.start)) best = { start, end: start + marker.length };
  }
  return best;
}

function stripEnd(text: string): string {
  return text.replace(endTokens, "");
}
