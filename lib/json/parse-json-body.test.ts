import { describe, expect, it } from "vitest";
import { AppError } from "../errors/app-error";
import { parseJsonBody } from "./parse-json-body";

const encode = (text: string) => new TextEncoder().encode(text);
function refusal(bytes: Uint8Array, options?: { maxDepth?: number }) {
  try {
    parseJsonBody(bytes, options);
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, message: error.message, details: error.details };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("parseJsonBody", () => {
  it("returns the value of a good body, a leading BOM and surrogate pairs included", () => {
    expect(parseJsonBody(encode('\ufeff{"a": [1, {"b": "😀 \\ud83d\\ude00"}]}'))).toEqual({ a: [1, { b: "😀 😀" }] });
  });

  it("refuses nesting past the limit before parsing, with the line and column of the first bracket too deep", () => {
    expect(parseJsonBody(encode("[[[]]]"), { maxDepth: 3 })).toEqual([[[]]]);
    expect(refusal(encode('{"a":\n [[["]]]]]]"]]]}'), { maxDepth: 3 })).toEqual({
      status: 400,
      message: "The body is nested deeper than 3 levels",
      details: [{ line: 2, column: 4, message: "JSON nested deeper than 3 levels at line 2, column 4" }],
    });
    // 10,000 levels: refused without a stack overflow.
    expect(refusal(encode(`${"[".repeat(10_000)}${"]".repeat(10_000)}`)).details).toEqual([expect.objectContaining({ line: 1, column: 129 })]);
  });

  it("refuses malformed JSON, an empty body and invalid UTF-8 saying where", () => {
    expect(refusal(encode('{"a": 1,\n "b": }'))).toMatchObject({ status: 400, message: "The body is not JSON", details: [{ line: 2, column: 7 }] });
    expect(refusal(encode("  \n"))).toMatchObject({ status: 400, message: "The body is empty" });
    expect(refusal(new Uint8Array([0x7b, 0x0a, 0x22, 0xc3, 0x28, 0x22]))).toMatchObject({ status: 400, message: "The body is not valid UTF-8", details: [{ line: 2, byteOffset: 3 }] });
  });

  it.each([
    ['{"environment": "\\ud800"}', "environment", "lone surrogate \\ud800 at character 1"],
    ['{"rollouts": [{"metadata": {"x": "ok"}}, {"metadata": {"x": "a\\udfffb"}}]}', "rollouts.1.metadata.x", "lone surrogate \\udfff at character 2"],
    ['{"a": {"\\udbff": 1}}', "a.\udbff", "property name is not well-formed UTF-16"],
    ['{"a": "\\ude00\\ud83d"}', "a", "lone surrogate \\ude00 at character 1"],
  ])("refuses %s naming the field", (text, path, message) => {
    const { status, details } = refusal(encode(text));
    expect(status).toBe(400);
    expect(details).toEqual([{ path, message: expect.stringContaining(message) }]);
  });
});
