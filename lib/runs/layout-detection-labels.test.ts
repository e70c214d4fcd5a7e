import { describe, expect, it } from "vitest";
import { layoutDetectionLabels } from "./layout-detection-labels";

const overlaps = (a: { x: number; row: number }, b: { x: number; row: number }, width: number) => a.row === b.row && a.x < b.x + width && b.x < a.x + width;

describe("layoutDetectionLabels", () => {
  it("puts far-apart labels on the first row at their onset", () => {
    const placed = layoutDetectionLabels([{ id: "a", step: 0 }, { id: "b", step: 100 }, { id: "c", step: 50 }], { domain: [0, 100], plotWidth: 1000, labelWidth: 40, rows: 2 });
    expect(placed).toEqual([
      { id: "a", x: 0, row: 0 },
      { id: "c", x: 480, row: 0 },
      { id: "b", x: 960, row: 0 },
    ]);
  });

  it("never lets two labels overlap: eleven detections a step apart fill the rows, the rest are left out", () => {
    const items = Array.from({ length: 11 }, (_, i) => ({ id: String(i), step: 10 + i }));
    const placed = layoutDetectionLabels(items, { domain: [0, 200], plotWidth: 500, labelWidth: 30, rows: 3 });
    expect(placed).toHaveLength(3);
    expect(new Set(placed.map((p) => p.row))).toEqual(new Set([0, 1, 2]));
    for (const a of placed) for (const b of placed) if (a !== b) expect(overlaps(a, b, 30)).toBe(false);
  });

  it("leaves out detections outside the zoomed window", () => {
    expect(layoutDetectionLabels([{ id: "a", step: 5 }, { id: "b", step: 500 }], { domain: [100, 200], plotWidth: 400, labelWidth: 30, rows: 2 })).toEqual([]);
  });
});
