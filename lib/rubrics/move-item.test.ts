import { describe, expect, it } from "vitest";
import { moveItem } from "./move-item";

describe("moveItem", () => {
  const items = ["a", "b", "c", "d"];

  it("moves one place up or down per step, so repeated steps walk the item along the list", () => {
    expect(moveItem(items, 3, 2)).toEqual(["a", "b", "d", "c"]);
    expect(moveItem(moveItem(items, 3, 2), 2, 1)).toEqual(["a", "d", "b", "c"]);
    expect(moveItem(moveItem(moveItem(items, 3, 2), 2, 1), 1, 0)).toEqual(["d", "a", "b", "c"]);
    expect(moveItem(items, 0, 1)).toEqual(["b", "a", "c", "d"]);
  });

  it("drops a dragged item at the target place, the others keeping their order", () => {
    expect(moveItem(items, 0, 3)).toEqual(["b", "c", "d", "a"]);
    expect(moveItem(items, 3, 0)).toEqual(["d", "a", "b", "c"]);
  });

  it("stays put at either end and leaves the input unchanged", () => {
    expect(moveItem(items, 0, -1)).toEqual(items);
    expect(moveItem(items, 3, 4)).toEqual(items);
    expect(items).toEqual(["a", "b", "c", "d"]);
  });
});
