import { describe, expect, it } from "vitest";
import { filtersFromSearch, searchOfFilters } from "./queue-filters-url";

describe("queue filters in the URL", () => {
  it("round-trips the filters through the query string", () => {
    const filters = { status: "decided" as const, run: "run-1", kind: "metric_divergence" as const };
    const query = searchOfFilters(filters);
    expect(query).toBe("?status=decided&run=run-1&kind=metric_divergence");
    expect(filtersFromSearch(Object.fromEntries(new URLSearchParams(query)))).toEqual(filters);
  });
  it("leaves the default status out and ignores a bad value", () => {
    expect(searchOfFilters({ status: "open" })).toBe("");
    expect(filtersFromSearch({ status: "bogus" })).toEqual({ status: "open" });
  });
});
