import { describe, expect, it } from "vitest";
import { readOtlpSpans, readOtlpSpansInTurns } from "./otel-spans";

const hex = (n: number, width: number) => n.toString(16).padStart(width, "0");
const exportOf = (spans: unknown[]) => ({ resourceSpans: [{ resource: { attributes: [{ key: "service.name", value: { stringValue: "agent" } }] }, scopeSpans: [{ spans }] }] });

describe("reading an OTLP export in turns of the event loop", () => {
  it("lets other work run while it reads 10,000 spans, and reads what the one-piece reader reads, bad spans located", async () => {
    const spans: unknown[] = Array.from({ length: 10_000 }, (_, i) => ({ traceId: hex((i % 100) + 1, 32), spanId: hex(i + 1, 16), name: "chat", attributes: [{ key: "gen_ai.operation.name", value: { stringValue: "chat" } }] }));
    spans[7_777] = { traceId: hex(1, 32), name: "no span id" };
    const request = exportOf(spans);

    let turnsOfOthers = 0;
    let reading = true;
    const other = () => {
      turnsOfOthers++;
      if (reading) setImmediate(other);
    };
    setImmediate(other);
    const read = await readOtlpSpansInTurns(request);
    reading = false;

    expect(turnsOfOthers).toBeGreaterThanOrEqual(4);
    expect(read).toEqual(readOtlpSpans(request));
    if (!read.ok) throw new Error(read.error);
    expect(read.spans).toHaveLength(9_999);
    expect(read.errors).toEqual([expect.stringContaining("resourceSpans[0].scopeSpans[0].spans[7777]")]);
  });

  it("refuses a body that is not an export with where it is wrong, in turns as in one piece", async () => {
    const bad = { resourceSpans: "none" };
    expect(await readOtlpSpansInTurns(bad)).toEqual(readOtlpSpans(bad));
    expect(readOtlpSpans(bad)).toMatchObject({ ok: false, path: "resourceSpans" });
  });
});
