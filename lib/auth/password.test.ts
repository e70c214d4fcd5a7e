import { describe, expect, it } from "vitest";
import { hashCostOf, hashPassword, passwordHashCost, verifyPassword } from "./password";

describe("password hashes", () => {
  it("cost 12 everywhere but under tests", () => {
    for (const NODE_ENV of [undefined, "production", "development", ""]) expect(passwordHashCost({ NODE_ENV })).toBe(12);
    expect(passwordHashCost({ NODE_ENV: "test" })).toBe(4);
  });

  it("records the cost in the hash, which verifies the right password only", async () => {
    const hash = await hashPassword("correct horse battery", passwordHashCost({ NODE_ENV: "production" }));
    expect(hash).toMatch(/^\$2[aby]\$12\$/);
    expect(hashCostOf(hash)).toBe(12);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
  });
});
