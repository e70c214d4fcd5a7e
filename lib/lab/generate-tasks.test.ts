import { describe, expect, it } from "vitest";
import { generateLabTasks } from "./generate-tasks";
import { createRng, deriveSeed } from "../random/prng";
import { daysBetween, decideVerdict } from "./refund-policy";

describe("planted lab tasks", () => {
  const tasks = generateLabTasks({ seed: 42, count: 300 });

  it("are reproducible from the seed and differ across seeds", () => {
    expect(generateLabTasks({ seed: 42, count: 5 })).toEqual(tasks.slice(0, 10));
    expect(generateLabTasks({ seed: 43, count: 5 })[0]?.requestText).not.toBe(tasks[0]?.requestText);
  });

  it("come in a with-context and a without-context variant of the same world", () => {
    const [withContext, withoutContext] = tasks;
    expect(withContext?.id).toBe("lab-0000/with-context");
    expect(withoutContext?.id).toBe("lab-0000/no-context");
    expect([withContext?.contextShown, withoutContext?.contextShown]).toEqual([true, false]);
    expect(withContext?.orders).toEqual(withoutContext?.orders);
  });

  it("build worlds in which the written policy gives exactly the planted answer", () => {
    for (const task of tasks) {
      const order = task.orders.find((o) => o.id === task.requestedOrderId);
      if (!order) throw new Error(`no requested order in ${task.id}`);
      const { verdict, reason } = decideVerdict(order, task.policy, task.requestDate);
      expect({ verdict, reason }).toEqual({ verdict: task.planted.verdict, reason: task.planted.reason });
      expect(task.requestText).toContain(order.id);
      expect(task.policyText).toContain(`within ${task.policy.returnWindowDays} days`);
    }
  });

  it("plant all three outcomes in roughly the intended mix", () => {
    const share = (verdict: string) => tasks.filter((t) => t.planted.verdict === verdict).length / tasks.length;
    expect(share("refund")).toBeGreaterThan(0.3);
    expect(share("deny")).toBeGreaterThan(0.25);
    expect(share("escalate")).toBeGreaterThan(0.15);
  });
});

describe("refund policy", () => {
  const rules = {
    returnWindowDays: 30,
    allowedConditions: ["unopened" as const, "defective" as const],
    managerApprovalOver: 150,
  };
  const order = {
    id: "O",
    customerId: "C",
    item: "lamp",
    amount: 80,
    orderDate: "2026-03-01",
    deliveredDate: "2026-03-05",
    status: "delivered" as const,
    condition: "defective" as const,
  };

  it("refunds, escalates over the threshold, and denies outside the window or in a bad condition", () => {
    expect(daysBetween("2026-03-05", "2026-04-04")).toBe(30);
    expect(decideVerdict(order, rules, "2026-04-04")).toEqual({ verdict: "refund", reason: "eligible" });
    expect(decideVerdict(order, rules, "2026-04-05")).toEqual({ verdict: "deny", reason: "outside_window" });
    expect(decideVerdict({ ...order, condition: "used" }, rules, "2026-03-10")).toEqual({
      verdict: "deny",
      reason: "condition_not_allowed",
    });
    expect(decideVerdict({ ...order, amount: 150.01 }, rules, "2026-03-10")).toEqual({
      verdict: "escalate",
      reason: "over_threshold",
    });
    expect(decideVerdict({ ...order, amount: 900, condition: "used" }, rules, "2026-03-10").verdict).toBe("deny");
  });
});

describe("prng", () => {
  it("is a pure function of its seed", () => {
    const a = createRng(deriveSeed(1, "x"));
    const b = createRng(deriveSeed(1, "x"));
    const drawsA = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(drawsA);
    expect(drawsA.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(deriveSeed(1, "x")).not.toBe(deriveSeed(1, "y"));
  });
});
