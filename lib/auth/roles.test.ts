import { describe, expect, it } from "vitest";
import { hasRole } from "./roles";

describe("hasRole", () => {
  it("orders viewer < reviewer < admin", () => {
    expect(hasRole("admin", "reviewer")).toBe(true);
    expect(hasRole("reviewer", "reviewer")).toBe(true);
    expect(hasRole("reviewer", "admin")).toBe(false);
    expect(hasRole("viewer", "reviewer")).toBe(false);
    expect(hasRole("viewer", "viewer")).toBe(true);
  });
});
