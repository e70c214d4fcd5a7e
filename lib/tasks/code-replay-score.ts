import { AppError } from "../errors/app-error";
import type { DiffFile, DiffHunk } from "../replay/parse-unified-diff";

export type TestResults = { passed: number; failed: number };
export type CodeReplayScore = {
  score: number;
  files: { score: number; reference: string[]; touched: string[]; matched: string[] };
  hunks: { score: number; reference: number; rollout: number; matched: number };
  tests: { score: number; passed: number; failed: number } | null;
};

/** Below this similarity of changed lines two hunks are different changes, not the same one done differently. */
const minHunkSimilarity = 0.5;

/**
 * Scores a rollout's patch against a code replay task's reference diff:
 * - files = 2·|reference ∩ touched| / (|reference| + |touched|), by path (Dice);
 * - hunks = 2·Σ similarity / (reference hunks + rollout hunks), over one-to-one pairs of hunks of the
 *   same file, best pairs first, where a pair's similarity is the Dice overlap of their changed lines
 *   (added and removed lines, whitespace-trimmed; context and line numbers do not count) and pairs
 *   under 0.5 are no match;
 * - diff = 0.3·files + 0.7·hunks; with test results, score = 0.5·diff + 0.5·passed/(passed+failed),
 *   else score = diff.
 * The reference diff itself scores 1; a patch touching none of its files scores 0.
 */
export function scoreCodeReplay(reference: DiffFile[], rollout: DiffFile[], tests?: TestResults): CodeReplayScore {
  if (tests && tests.passed + tests.failed <= 0)
    throw new AppError("bad_request", "Test results name no test: send passed and failed counts of the tests that ran", [{ path: "tests" }]);
  const referencePaths = unique(reference.map((f) => f.path));
  const touched = unique(rollout.map((f) => f.path));
  const matched = referencePaths.filter((path) => touched.includes(path));
  const fileScore = dice(matched.length, referencePaths.length, touched.length);

  const referenceHunks = hunksOf(reference);
  const rolloutHunks = hunksOf(rollout);
  const pairs = referenceHunks.flatMap((r, ri) =>
    rolloutHunks.flatMap((p, pi) => (r.path === p.path ? [{ ri, pi, similarity: similarity(r.changes, p.changes) }] : [])),
  );
  pairs.sort((a, b) => b.similarity - a.similarity);
  const usedReference = new Set<number>();
  const usedRollout = new Set<number>();
  let similaritySum = 0;
  for (const pair of pairs) {
    if (pair.similarity < minHunkSimilarity || usedReference.has(pair.ri) || usedRollout.has(pair.pi)) continue;
    usedReference.add(pair.ri);
    usedRollout.add(pair.pi);
    similaritySum += pair.similarity;
  }
  const hunkScore = referenceHunks.length + rolloutHunks.length === 0 ? fileScore : (2 * similaritySum) / (referenceHunks.length + rolloutHunks.length);
  const diffScore = 0.3 * fileScore + 0.7 * hunkScore;
  const testScore = tests ? tests.passed / (tests.passed + tests.failed) : null;
  return {
    score: round(testScore === null ? diffScore : 0.5 * diffScore + 0.5 * testScore),
    files: { score: round(fileScore), reference: referencePaths, touched, matched },
    hunks: { score: round(hunkScore), reference: referenceHunks.length, rollout: rolloutHunks.length, matched: usedReference.size },
    tests: tests && testScore !== null ? { score: round(testScore), ...tests } : null,
  };
}

function hunksOf(files: DiffFile[]) {
  return files.flatMap((file) => file.hunks.map((hunk) => ({ path: file.path, changes: changedLines(hunk) })));
}

function changedLines(hunk: DiffHunk): string[] {
  return hunk.lines.filter((line) => line.kind !== "context").map((line) => `${line.kind === "add" ? "+" : "-"}${line.text.trim().replace(/\s+/g, " ")}`);
}

/** Dice overlap of two multisets of lines. */
function similarity(a: string[], b: string[]): number {
  if (!a.length && !b.length) return 1;
  const counts = new Map<string, number>();
  for (const line of a) counts.set(line, (counts.get(line) ?? 0) + 1);
  let common = 0;
  for (const line of b) {
    const left = counts.get(line) ?? 0;
    if (left > 0) {
      common += 1;
      counts.set(line, left - 1);
    }
  }
  return dice(common, a.length, b.length);
}

function dice(common: number, a: number, b: number): number {
  return a + b === 0 ? 1 : (2 * common) / (a + b);
}

const unique = (values: string[]) => [...new Set(values)];
const round = (value: number) => Math.round(value * 1e6) / 1e6;
