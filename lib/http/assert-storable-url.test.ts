import { describe, expect, it } from "vitest";
import { AppError } from "../errors/app-error";
import { assertStorableUrl } from "./assert-storable-url";

function refusal(url: string, params: Record<string, string | string[]> = {}) {
  try {
    assertStorableUrl(new URL(url), params);
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.status, message: error.message, details: error.details };
  }
}

describe("assertStorableUrl", () => {
  it("refuses a NUL in a path segment or a query value with 400 naming the parameter", () => {
    expect(refusal("http://localhost/api/v1/runs/x", { id: "a\u0000b" })).toEqual({ status: 400, message: "The URL's path segment {id} holds a NUL character (%00)", details: [{ param: "id", message: "remove the NUL character" }] });
    expect(refusal("http://localhost/api/v1/hacks?environment=lab%00")).toMatchObject({ status: 400, details: [{ param: "environment" }] });
    expect(refusal("http://localhost/api/v1/hacks?a%00b=1")?.message).toBe('The URL\'s query parameter "a\\u0000b" holds a NUL character (%00)');
  });

  it("lets everything else through, an escaped %00 written out as text included", () => {
    expect(refusal("http://localhost/api/v1/runs/x?environment=%2500&q=%C3%BC", { id: "../é", path: ["a", "b"] })).toBeNull();
  });
});
