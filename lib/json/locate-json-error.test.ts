import { describe, expect, it } from "vitest";
import { parseJson } from "./parse-json";

describe("parseJson errors", () => {
  it.each([
    ['{"a": 1,\n "b": }', "invalid JSON at line 2, column 7: unexpected character \"}\""],
    ['{"a": [1, 2', "invalid JSON at line 1, column 12: unexpected end of input (truncated?)"],
    ['{"a" 1}', "invalid JSON at line 1, column 6: expected ':' after property name"],
    ["{'a': 1}", "invalid JSON at line 1, column 2: expected a property name in double quotes"],
    ['[1, 2] [3]', "invalid JSON at line 1, column 8: unexpected text after the JSON value"],
    ['{"a": "x\\q"}', "invalid JSON at line 1, column 9: invalid escape in string"],
    ['[1 2]', "invalid JSON at line 1, column 4: expected ',' or ']'"],
    ['{"a": tru}', "invalid JSON at line 1, column 7: unexpected character \"t\""],
  ])("%s", (text, message) => {
    expect(parseJson(text)).toMatchObject({ ok: false, error: message });
  });

  it("parses valid JSON, deeply nested too", () => {
    expect(parseJson('{"a": [1, {"b": null}]}')).toEqual({ ok: true, value: { a: [1, { b: null }] } });
    const deep = `${"[".repeat(5000)}${"]".repeat(4999)}`;
    expect(parseJson(deep)).toMatchObject({ ok: false, error: expect.stringContaining("unexpected end of input") });
  });
});
