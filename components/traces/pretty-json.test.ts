import { describe, expect, it } from "vitest";
import { glanceJson } from "./pretty-json";

describe("glanceJson", () => {
  it("puts short JSON on one line, from an object or a string holding JSON", () => {
    expect(glanceJson({ city: "Oslo", units: "metric" })).toBe('{ "city": "Oslo", "units": "metric" }');
    expect(glanceJson('{"order":17,"items":[1,2]}')).toBe('{ "order": 17, "items": [ 1, 2 ] }');
  });

  it("indents JSON too long for one line", () => {
    const value = { reason: "x".repeat(120), order: 17 };
    expect(glanceJson(value)).toBe(JSON.stringify(value, null, 2));
  });

  it("keeps the line breaks of text that is not JSON, and those inside JSON strings escaped", () => {
    expect(glanceJson("line one\n  line two")).toBe("line one\n  line two");
    expect(glanceJson({ note: "a\nb" })).toBe('{ "note": "a\\nb" }');
  });
});
