import { describe, expect, it } from "vitest";
import { pickDefaultDiff } from "./pick-default-diff";

const at = (minute: number) => new Date(Date.UTC(2026, 11, 1, 9, minute));
const approved = (id: string, version: number, minute: number) => ({ id, version, status: "approved", createdAt: at(minute), approvedAt: at(minute + 1) });
const draft = (id: string, version: number, minute: number) => ({ id, version, status: "draft", createdAt: at(minute), approvedAt: null });

describe("pickDefaultDiff", () => {
  it("opens on the newest draft against its rubric's latest approved version", () => {
    const lab = { versions: [draft("lab3", 3, 30), approved("lab2", 2, 20), approved("lab1", 1, 0)] };
    const support = { versions: [draft("sup2", 2, 40), approved("sup1", 1, 10)] };
    expect(pickDefaultDiff([lab, support])).toEqual({ from: "sup1", to: "sup2" });
    expect(pickDefaultDiff([lab])).toEqual({ from: "lab2", to: "lab3" });
  });

  it("without a draft, compares the two latest approved versions of the rubric approved last", () => {
    const lab = { versions: [approved("lab2", 2, 20), approved("lab1", 1, 0)] };
    const support = { versions: [approved("sup3", 3, 50), approved("sup2", 2, 45), approved("sup1", 1, 10)] };
    expect(pickDefaultDiff([lab, support])).toEqual({ from: "sup2", to: "sup3" });
  });

  it("has nothing to open on when no rubric has two versions, or a draft has no approved version", () => {
    expect(pickDefaultDiff([{ versions: [draft("new1", 1, 0)] }, { versions: [approved("one1", 1, 0)] }])).toBeNull();
    expect(pickDefaultDiff([])).toBeNull();
  });
});
