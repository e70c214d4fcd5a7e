import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../errors/app-error";
import { errorAnswer } from "./error-answer";

describe("errorAnswer", () => {
  it("names each field a strict body does not have by its own path, not the object's", () => {
    const schema = z.object({ name: z.string(), tests: z.object({ passed: z.number() }).strict() }).strict();
    const parsed = schema.safeParse({ name: "a", titel: "x", tests: { passed: 1, failled: 2 } });
    expect(errorAnswer(parsed.error)).toMatchObject({
      status: 400,
      body: {
        error: {
          code: "bad_request",
          details: [
            { path: "tests.failled", message: 'Unrecognized key: "failled"' },
            { path: "titel", message: 'Unrecognized key: "titel"' },
          ],
        },
      },
    });
  });

  it("challenges a 401 with the Bearer scheme, and only a 401", () => {
    expect(errorAnswer(new AppError("unauthorized", "Send a project API key")).headers).toEqual({ "www-authenticate": 'Bearer realm="goodhart"' });
    expect(errorAnswer(new AppError("forbidden", "no")).headers).toBeUndefined();
  });
});
