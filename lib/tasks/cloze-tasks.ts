import { splitSentences, type TextSpan } from "../documents/split-sentences";

export type ClozeKind = "date" | "number" | "name";
export type ClozeTask = { prompt: string; answer: string; kind: ClozeKind; span: TextSpan; sentence: TextSpan };

export const CLOZE_BLANK = "____";

const month = "(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\\.?";
const datePatterns = [
  new RegExp(`\\b${month}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}\\b`, "g"),
  new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${month}\\s+\\d{4}\\b`, "g"),
  new RegExp(`\\b${month}\\s+\\d{4}\\b`, "g"),
  /\b\d{4}-\d{2}-\d{2}\b/g,
  /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/g,
];
// A number with its thousands separators, decimals and a percent sign; not part of a word or a version string.
const numberPattern = /(?<![\w.,/-])\d{1,3}(?:,\d{3})+(?:\.\d+)?%?(?![\w/])|(?<![\w.,/-])\d+(?:\.\d+)?%?(?![\w/]|\.\d)/g;
// Capitalised words in a row (with "of", "de", "van" and the like between them): a person, place or organisation.
const namePattern = /(?<![\w'’-])[A-Z][a-zA-Z'’-]*[a-z][a-zA-Z'’-]*(?:\s+(?:(?:of|de|da|del|van|von|der|la|le|and|the)\s+)*[A-Z][a-zA-Z'’-]*[a-z][a-zA-Z'’-]*)*/g;
const notNames = new Set(["The", "A", "An", "This", "That", "These", "Those", "It", "He", "She", "They", "We", "You", "In", "On", "At", "By", "For", "From", "With", "After", "Before", "During", "When", "While", "If", "But", "And", "Or", "As", "Its", "His", "Her", "Their", "Our", "Some", "Many", "Most", "All", "Each", "There", "Here"]);

/**
 * Cloze tasks from a text: one per sentence that holds a date, a number or a name (in that order of
 * preference), the sentence shown with that span blanked and the span's exact text as the answer.
 * A candidate whose text occurs again in the prompt (elsewhere in the sentence, or in the title) is
 * passed over, so no question gives its answer away; a sentence that repeats an earlier one is skipped.
 */
export function findClozeTasks(text: string, { title, maxTasks = 100, minWords = 6, maxWords = 60 }: { title: string; maxTasks?: number; minWords?: number; maxWords?: number }): ClozeTask[] {
  const tasks: ClozeTask[] = [];
  const seen = new Set<string>();
  for (const sentence of splitSentences(text)) {
    if (tasks.length >= maxTasks) break;
    const sentenceText = text.slice(sentence.start, sentence.end);
    const words = sentenceText.split(/\s+/).length;
    if (words < minWords || words > maxWords) continue;
    for (const candidate of candidatesOf(sentenceText)) {
      const answer = sentenceText.slice(candidate.start, candidate.end);
      const blanked = collapseSpaces(sentenceText.slice(0, candidate.start) + CLOZE_BLANK + sentenceText.slice(candidate.end));
      const prompt = `Fill in the blank (${CLOZE_BLANK}) in this sentence from the document "${collapseSpaces(title)}". Answer with the missing words only.\n\n${blanked}`;
      if (containsWord(prompt, answer) || seen.has(blanked)) continue;
      seen.add(blanked);
      tasks.push({ prompt, answer, kind: candidate.kind, span: { start: sentence.start + candidate.start, end: sentence.start + candidate.end }, sentence });
      break;
    }
  }
  return tasks;
}

function candidatesOf(sentence: string): (TextSpan & { kind: ClozeKind })[] {
  const dates = datePatterns.flatMap((pattern) => matches(sentence, pattern, "date"));
  const inDate = (span: TextSpan) => dates.some((date) => span.start < date.end && date.start < span.end);
  const numbers = matches(sentence, numberPattern, "number").filter((span) => !inDate(span));
  const names = matches(sentence, namePattern, "name")
    .map((span) => trimLeadingArticle(sentence, span))
    .filter((span) => span.start > 0 && !inDate(span) && !notNames.has(sentence.slice(span.start, span.end)));
  const byPosition = (a: TextSpan, b: TextSpan) => a.start - b.start || b.end - a.end;
  return [...dates.sort(byPosition), ...numbers, ...names];
}

function matches(text: string, pattern: RegExp, kind: ClozeKind): (TextSpan & { kind: ClozeKind })[] {
  return [...text.matchAll(pattern)].map((match) => ({ start: match.index, end: match.index + match[0].length, kind }));
}

function trimLeadingArticle(text: string, span: TextSpan & { kind: ClozeKind }) {
  const article = text.slice(span.start, span.end).match(/^(?:The|A|An)\s+(?=[A-Z])/);
  return article ? { ...span, start: span.start + article[0].length } : span;
}

function collapseSpaces(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Whether `needle` occurs in `haystack` as a whole token run, ignoring case and spacing. */
function containsWord(haystack: string, needle: string): boolean {
  const escaped = collapseSpaces(needle).replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+");
  return new RegExp(`(?<![\\w])${escaped}(?![\\w])`, "i").test(haystack);
}
