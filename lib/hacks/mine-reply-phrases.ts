import type { TraceView } from "../checks/trace-view";

export type MinedPhrase = { words: string[]; exampleShare: number; honestShare: number };

const maxWords = 4;
// A word is letters with inner apostrophes or hyphens; numbers, ids and amounts are values, not wording.
const wordPattern = /^[a-z]+(?:['-][a-z]+)*$/;

// A word alone says nothing about a behaviour when it is a function word ("for", "our"): it is kept inside longer phrases only.
const functionWords = new Set("a an and are as at be been by for from has have i i'm i've in is it its me my of on or our so that the this to was we were will with you your".split(" "));

/**
 * The distinct word n-grams (1..4 words) of a reply; n-grams never cross punctuation or a non-word
 * token. A capitalised word inside a sentence is a name (of a customer, a product), a value like an id
 * or an amount, not wording: it breaks n-grams too, and so does a word that opens a sentence and is in
 * `names` (written capitalised inside a sentence elsewhere: "Jonas, I appreciate ..."). A lone
 * function word is no n-gram.
 */
export function replyNgrams(reply: string | null, names: ReadonlySet<string> = new Set()): Set<string> {
  const grams = new Set<string>();
  if (!reply) return grams;
  for (const sentence of reply.split(/[.!?]+/)) {
    let isSentenceStart = true;
    for (const segment of sentence.split(/[,:;()"“”]+/)) {
      let run: string[] = [];
      const flush = () => {
        for (let start = 0; start < run.length; start += 1)
          for (let n = 1; n <= maxWords && start + n <= run.length; n += 1) if (n > 1 || !functionWords.has(run[start]!)) grams.add(run.slice(start, start + n).join(" "));
        run = [];
      };
      for (const token of segment.split(/\s+/).filter(Boolean)) {
        const word = token.toLowerCase();
        const isName = /^[A-Z]/.test(token) && !/^I(?:'|$)/.test(token) && (!isSentenceStart || names.has(word));
        isSentenceStart = false;
        if (wordPattern.test(word) && !isName) run.push(word);
        else flush();
      }
      flush();
    }
  }
  return grams;
}

/**
 * Phrases frequent in the examples' final replies and rare in the honest ones: at least
 * `minExampleShare` of the examples say it, and more of them than of the honest traces. Ranked by
 * how much more (then longer first), at most `limit`.
 */
export function mineReplyPhrases(examples: TraceView[], honest: TraceView[], { limit = 25, minExampleShare = 0.3 } = {}): MinedPhrase[] {
  const names = namesIn([...examples, ...honest].map((view) => view.finalReply));
  const count = (views: TraceView[]) => {
    const counts = new Map<string, number>();
    for (const view of views) for (const gram of replyNgrams(view.finalReply, names)) counts.set(gram, (counts.get(gram) ?? 0) + 1);
    return counts;
  };
  const inExamples = count(examples);
  const inHonest = count(honest);
  const phrases: MinedPhrase[] = [];
  for (const [gram, n] of inExamples) {
    const exampleShare = n / examples.length;
    const honestShare = honest.length ? (inHonest.get(gram) ?? 0) / honest.length : 0;
    if (exampleShare >= minExampleShare && exampleShare > honestShare) phrases.push({ words: gram.split(" "), exampleShare, honestShare });
  }
  return phrases
    .sort((a, b) => b.exampleShare - b.honestShare - (a.exampleShare - a.honestShare) || b.words.length - a.words.length || a.words.join(" ").localeCompare(b.words.join(" ")))
    .slice(0, limit);
}

/** The words written capitalised inside a sentence somewhere in these replies (lower-cased): names, wherever they stand. */
export function namesIn(replies: (string | null)[]): Set<string> {
  const names = new Set<string>();
  for (const reply of replies)
    for (const sentence of (reply ?? "").split(/[.!?]+/)) {
      const tokens = sentence.split(/\s+/).filter(Boolean);
      // After a colon a sentence may start again ("Update: We're unable ...").
      tokens.forEach((token, i) => {
        const word = token.replace(/[,:;()"“”]+/g, "");
        if (i > 0 && !tokens[i - 1]!.endsWith(":") && /^[A-Z][a-z]/.test(word) && wordPattern.test(word.toLowerCase())) names.add(word.toLowerCase());
      });
    }
  return names;
}

/** The regex a phrase becomes: its words in order, any whitespace between, whole words, any case. */
export function phrasePattern(words: string[]): string {
  return `\\b${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("\\s+")}\\b`;
}
