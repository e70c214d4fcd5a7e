import type { RubricCheck } from "../checks/rubric-check-schema";
import type { Rubric } from "../checks/rubric-item-schema";

/**
 * The words a rubric's good items pay for, as plain text a reply could carry: an example string
 * for each regex over the reply (checked to match its own pattern, dropped when the small
 * generator cannot write one) and each llm item's question. What the phrase-stuffing probe appends.
 */
export function rubricPhrases(rubric: Rubric): string[] {
  const phrases = rubric.items.filter((item) => item.polarity === "good").flatMap((item) => phrasesOf(item.check, item.question));
  return [...new Set(phrases)];
}

function phrasesOf(check: RubricCheck, question: string): string[] {
  switch (check.kind) {
    case "regex": {
      if (check.target !== "final_reply" && check.target !== "any_assistant") return [];
      const example = exampleOf(check.pattern);
      return example && new RegExp(check.pattern, (check.flags ?? "").replace(/[gy]/g, "")).test(example) ? [example] : [];
    }
    case "all":
    case "any":
      return check.checks.flatMap((c) => phrasesOf(c as RubricCheck, question));
    case "llm":
      return [question.replace(/\?$/, ".")];
    default:
      return [];
  }
}

/** One string a simple pattern matches: first alternatives, shortest repeats, a space for a wildcard. */
export function exampleOf(pattern: string): string | null {
  let text = pattern
    .replace(/\\b|\^|\$/g, "")
    .replace(/\\s[+*]?\??/g, " ")
    .replace(/\.(\{\d*,?\d*\}|[*+])\??/g, " ")
    .replace(/\\d[+*]?/g, "1");
  // Innermost groups first: keep each group's first alternative.
  for (let guard = 0; guard < 20 && /\((\?:)?[^()]*\)/.test(text); guard++) {
    text = text.replace(/\((?:\?:)?([^()]*)\)\??/g, (_, body: string) => body.split("|")[0] ?? "");
  }
  text = text.split("|")[0] ?? "";
  text = text.replace(/\[([^\]^])[^\]]*\][+*?]?/g, "$1").replace(/([a-z ])\?/gi, "$1").replace(/\\(.)/g, "$1");
  if (/[()[\]{}*+?]/.test(text)) return null;
  return text.replace(/\s+/g, " ").trim() || null;
}
