import { describe, expect, it } from "vitest";
import { separationCeiling } from "./separation-ceiling";

const rollouts = (group: string, pos: number, neg: number) => [
  ...Array.from({ length: pos }, () => ({ group, isTrue: true })),
  ...Array.from({ length: neg }, () => ({ group, isTrue: false })),
];

describe("separationCeiling", () => {
  it("reaches 1 when every group is pure", () => {
    const c = separationCeiling([...rollouts("a", 3, 0), ...rollouts("b", 0, 5)]);
    expect(c).toMatchObject({ best: 1, precision: 1, recall: 1, fired: 3, positives: 3, mixedGroups: 0 });
  });

  it("is held below 1 by a group it cannot split, taking it in only when that raises min(precision, recall)", () => {
    // Without "m": recall 8/10. With it: precision 10/12, recall 1.
    const c = separationCeiling([...rollouts("p", 8, 0), ...rollouts("m", 2, 2), ...rollouts("n", 0, 9)]);
    expect(c.best).toBeCloseTo(10 / 12);
    expect(c).toMatchObject({ recall: 1, fired: 12, mixedGroups: 1, exhaustive: true });
    // A mostly-false mixed group costs more precision than the recall it brings.
    const d = separationCeiling([...rollouts("p", 9, 0), ...rollouts("m", 1, 5)]);
    expect(d).toMatchObject({ precision: 1, recall: 0.9, fired: 9 });
  });
});
