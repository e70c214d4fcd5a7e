import { describe, expect, it } from "vitest";
import { evaluateHeldOut } from "./evaluate-held-out";
import { generateLabTasks } from "./generate-tasks";
import { imitateScriptedAgent } from "./imitate-scripted-agent";
import { createRng } from "../random/prng";

describe("the imitation-learned starting policy", () => {
  it("is competent but imperfect, and better with the policy in context", () => {
    for (const seed of [1, 2, 3]) {
      const tasks = generateLabTasks({ seed, count: 128 });
      const evalTasks = generateLabTasks({ seed: seed + 1000, count: 200 });
      const policy = imitateScriptedAgent({ tasks, seed });
      const successOn = (contextShown: boolean) =>
        evaluateHeldOut({
          tasks: evalTasks.filter((t) => t.contextShown === contextShown),
          policy,
          reference: policy,
          rng: createRng(seed),
        });
      const withContext = successOn(true);
      const withoutContext = successOn(false);
      const overall = (withContext + withoutContext) / 2;
      expect(overall).toBeGreaterThan(0.6);
      expect(overall).toBeLessThan(0.88);
      expect(withContext).toBeGreaterThan(withoutContext + 0.05);
    }
  });
});
