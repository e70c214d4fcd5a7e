import { describe, expect, it } from "vitest";
import { childProcessEnv } from "./child-env";

describe("childProcessEnv", () => {
  it("passes on the environment and the overrides, never the admin passwords", () => {
    const env = childProcessEnv(
      { PATH: "/usr/bin", OPENAI_API_KEY: "sk-1", GOODHART_ADMIN_PASSWORD: "hunter2hunter2", GOODHART_PASSWORD: "pw-for-cli", GOODHART_ADMIN_EMAIL: "a@example.test" },
      { AUTH_SECRET: "s".repeat(32), DATABASE_URL: "file:./data/x.db" },
    );
    expect(env).toEqual({ PATH: "/usr/bin", OPENAI_API_KEY: "sk-1", GOODHART_ADMIN_EMAIL: "a@example.test", AUTH_SECRET: "s".repeat(32), DATABASE_URL: "file:./data/x.db" });
  });
});
