import { describe, expect, it } from "vitest";
import { taskMatches } from "./task-matches";

const task = { externalId: "lab-train-s42-0003/with-context", environment: "lab", origin: "planted", prompt: "Refund order #A-17 (50% off) for user_1" };

describe("taskMatches", () => {
  it("finds a task by part of its id, environment, origin or prompt, ignoring case and surrounding spaces", () => {
    expect(taskMatches(task, "S42-0003")).toBe(true);
    expect(taskMatches(task, "  planted ")).toBe(true);
    expect(taskMatches(task, "refund ORDER")).toBe(true);
    expect(taskMatches(task, "s42-0004")).toBe(false);
  });

  it("reads SQL and regex metacharacters as text", () => {
    expect(taskMatches(task, "50%")).toBe(true);
    expect(taskMatches(task, "user_1")).toBe(true);
    expect(taskMatches(task, "#A-17 (")).toBe(true);
    expect(taskMatches(task, ".*")).toBe(false);
    expect(taskMatches(task, "' OR 1=1 --")).toBe(false);
  });

  it("an empty search matches every task", () => {
    expect(taskMatches(task, "")).toBe(true);
    expect(taskMatches(task, "   ")).toBe(true);
  });
});
