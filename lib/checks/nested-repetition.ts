import { RegExpParser, visitRegExpAST } from "@eslint-community/regexpp";

const parser = new RegExpParser({ ecmaVersion: 2025 });

/**
 * The part of a pattern that repeats something which itself repeats, such as `(a+)+` or `(\w+\s?)*`,
 * or null when there is none. Node's engine backtracks: such a pattern can take exponential time on a
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
      if (found !== null || outer.max <= 1) return;
      visitRegExpAST(outer.element, {
        onQuantifierEnter(inner) {
          if (found === null && inner.max > 1) found = outer.raw;
        },
      });
    },
  });
  return found;
}

/** What a rubric says of a pattern nestedRepetition finds, at the pattern's field. */
export function nestedRepetitionProblem(pattern: string, flags?: string): string | null {
  const nested = nestedRepetition(pattern, flags);
  return nested && `${nested} repeats a part that itself repeats: on a text that almost matches, this can take the server minutes; write the inner part once (a+ for (a+)+)`;
}
