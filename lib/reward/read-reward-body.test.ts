import { describe, expect, it } from "vitest";
import { parseRewardBody } from "./read-reward-body";

const parse = (text: string) => parseRewardBody(new TextEncoder().encode(text), { perRollout: ["rollouts"] });

describe("parseRewardBody", () => {
  it("marks a rollout holding an escaped NUL or lone surrogate unreadable, in any letter case, and only that one", () => {
    const { unreadable } = parse('{"rollouts": [{"completion": "ok"}, {"completion": "a\\u0000b"}, {"completion": "\\uD800"}, {"completion": "\\udfff"}]}');
    expect([...unreadable.keys()]).toEqual([1, 2, 3]);
    expect(unreadable.get(1)).toContain("rollouts[1].completion: holds a NUL character");
  });

  it("reads escapes that only look alike as the text they are: an escaped backslash, a surrogate pair, other characters", () => {
    const { body, unreadable } = parse('{"rollouts": [{"completion": "C:\\\\u0000 \\ud83d\\ude00 \\u00e9 \\u0041"}]}');
    expect(unreadable.size).toBe(0);
    expect(body).toEqual({ rollouts: [{ completion: "C:\\u0000 😀 é A" }] });
  });

  it("refuses a NUL outside the rollouts with a 400 naming the field", () => {
    expect(() => parse('{"environment": "a\\u0000", "rollouts": [{"completion": "ok"}]}')).toThrow(/environment: holds a NUL character/);
  });
});
