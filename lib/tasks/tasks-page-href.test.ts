import { describe, expect, it } from "vitest";
import { tasksPageHref } from "./tasks-page-href";

describe("tasksPageHref", () => {
  it("keeps the band as low,high, the search encoded and a page past the first", () => {
    expect(tasksPageHref({ band: { low: 0.1, high: 0.9 } })).toBe("/tasks?band=0.1,0.9");
    expect(tasksPageHref({ band: { low: 0.5, high: 1 }, search: "a&b c", page: 3 })).toBe("/tasks?band=0.5,1&q=a%26b%20c&page=3");
    expect(tasksPageHref({ band: { low: 0, high: 1 }, page: 1 })).toBe("/tasks?band=0,1");
  });
});
