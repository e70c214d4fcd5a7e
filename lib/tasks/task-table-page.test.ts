import { describe, expect, it } from "vitest";
import { taskTablePage } from "./task-table-page";

describe("taskTablePage", () => {
  it("splits 512 tasks into pages of 100, the last holding the 12 left", () => {
    expect(taskTablePage(512, 1, 100)).toEqual({ page: 1, pages: 6, first: 0, end: 100 });
    expect(taskTablePage(512, 2, 100)).toEqual({ page: 2, pages: 6, first: 100, end: 200 });
    expect(taskTablePage(512, 6, 100)).toEqual({ page: 6, pages: 6, first: 500, end: 512 });
  });

  it("shows the last page for a page past it and the first for zero, and one empty page for no tasks", () => {
    expect(taskTablePage(512, 99, 100)).toMatchObject({ page: 6, first: 500, end: 512 });
    expect(taskTablePage(512, 0, 100)).toMatchObject({ page: 1, first: 0 });
    expect(taskTablePage(0, 3, 100)).toEqual({ page: 1, pages: 1, first: 0, end: 0 });
  });
});
