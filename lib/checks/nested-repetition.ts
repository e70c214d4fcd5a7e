import { RegExpParser, visitRegExpAST } from "@eslint-community/regexpp";
import type { Element } from "@eslint-community/regexpp/ast";

const parser = new RegExpParser({ ecmaVersion: 2025 });

/**
 * The part of a pattern that repeats something which itself repeats, such as `(a+)+` or `(\w+\s?)*`,
 * or null when there is none. A repeated part that starts with a fixed character is let through
 * (`(thank you.*){3,}`, which reviewers write): each round must start where that text is, which
 * bounds the ways to split a reply in practice, though not always (`(a.*)+b` on a long run of a's). Node's engine backtracks: such a pattern can take exponential time on a
 * short text that almost matches, and a check runs on what a policy wrote, inside the server. So a
 * rubric refuses it when it is written (rubric-check-schema.ts), as a pattern that does not compile is.
 * Patterns that do not parse are left to the engine's own error.
 */
export function nestedRepetition(pattern: string, flags = ""): string | null {
  let ast;
  try {
    ast = parser.parsePattern(pattern, 0, pattern.length, { unicode: flags.includes("u"), unicodeSets: flags.includes("v") });
  } catch {
    return null;
  }
  let found: string | null = null;
  visitRegExpAST(ast, {
    onQuantifierEnter(outer) {
      if (found !== null || outer.max <= 1 || startsWithCharacter(outer.element)) return;
      visitRegExpAST(outer.element, {
        onQuantifierEnter(inner) {
          if (found === null && inner.max > 1) found = outer.raw;
        },
      });
    },
  });
  return found;
}

function startsWithCharacter(element: Element): boolean {
  if (element.type === "Character") return true;
  if (element.type === "Group" || element.type === "CapturingGroup") return element.alternatives.every(({ elements }) => elements.length > 0 && startsWithCharacter(elements[0]!));
  return false;
}

/** What a rubric says of a pattern nestedRepetition finds, at the pattern's field. */
export function nestedRepetitionProblem(pattern: string, flags?: string): string | null {
  const nested = nestedRepetition(pattern, flags);
  return nested && `${nested} repeats a part that itself repeats: on a text that almost matches, this can take the server minutes; write the inner part once (a+ for (a+)+)`;
}
