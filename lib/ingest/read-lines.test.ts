import { describe, expect, it } from "vitest";
import { readLines } from "./read-lines";

async function lines(chunks: string[], maxLineBytes = 100) {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const out: string[] = [];
  for await (const line of readLines(chunks.map((chunk) => encoder.encode(chunk)), { maxLineBytes })) out.push(line.ok ? `${line.line}:${decoder.decode(line.bytes)}` : `${line.line}!${line.error}`);
  return out;
}

describe("readLines", () => {
  it("joins lines split across chunks and strips CR", async () => {
    expect(await lines(["ab", "c\r\nde", "f\n", "\n", "gh"])).toEqual(["1:abc", "2:def", "3:", "4:gh"]);
  });

  it("drops an over-long line as it streams and goes on with the next", async () => {
    expect(await lines(["ok\n12345", "67890", "1234\nnext\n"], 10)).toEqual(["1:ok", "2!line is longer than the 10 bytes limit (14 bytes); skipped", "3:next"]);
    expect(await lines(["x".repeat(11)], 10)).toEqual(["1!line is longer than the 10 bytes limit (11 bytes); skipped"]);
  });

  it("gives no line for an empty stream or a final newline", async () => {
    expect(await lines([])).toEqual([]);
    expect(await lines(["a\n"])).toEqual(["1:a"]);
  });
});
