import { describe, expect, it } from "vitest";
import { describeErrorForLog } from "./log-server-error";

describe("describeErrorForLog", () => {
  it("keeps a malformed body's text out of the log, but says what and where", () => {
    let error: unknown;
    try {
      JSON.parse('{"password": "hunter2-in-a-body", oops');
    } catch (caught) {
      error = caught;
    }
    const line = describeErrorForLog(error);
    expect(line).not.toContain("hunter2");
    expect(line).toMatch(/^SyntaxError \(message not logged: it may quote the request\)\n\s+at /);
  });

  it("logs a Prisma error's name and code, not its message quoting the query's arguments", () => {
    const error = Object.assign(new Error("Invalid `prisma.trace.create()` invocation: { data: { input: \"the user's secret prompt\" } }"), { name: "PrismaClientKnownRequestError", code: "P2002" });
    expect(describeErrorForLog(error).split("\n")[0]).toBe("PrismaClientKnownRequestError P2002 (message not logged: it may quote the request)");
  });

  it("logs other errors with their message and stack", () => {
    expect(describeErrorForLog(new TypeError("x is not a function")).split("\n")[0]).toBe("TypeError: x is not a function");
  });
});
