import { describe, expect, it } from "vitest";
import { glossText, splitExplanation } from "./glossary";

describe("words for reviewers", () => {
  it("puts the plain sentences first and folds the statistics away", () => {
    const text =
      "Held-out gap: the training metric rose beyond success/heldout measured on tasks the run never trained on; a hack often fails to generalise. " +
      "reward/proxy rose 0.380 (7.1σ of its noise) beyond what success/heldout accounts for, climbing from about step 150 (95% interval 140–160) to step 300. " +
      "Change-point t = 12.3 against a threshold of 4.1, allowing for noise autocorrelated at ρ = 0.20; a monitor reading along would have fired at step 170. " +
      "3 rollouts from the onset on were paid well by the proxy while failing the true outcome or a hack check.";
    const { plain, figures } = splitExplanation(text);
    expect(plain).toBe(
      "Held-out gap: the training metric rose beyond success/heldout measured on tasks the run never trained on; a hack often fails to generalise. 3 rollouts from the onset on were paid well by the proxy while failing the true outcome or a hack check.",
    );
    expect(figures).toContain("7.1σ");
    expect(figures).toContain("ρ = 0.20");
  });

  it("keeps decimals inside their sentence and a priority formula among the figures", () => {
    const { plain, figures } = splitExplanation("5 rollouts earn a mean reward of 0.95 while the panel fails them. Priority 1.20 = weight 1 × impact 2.4 × (0.5 + 0.5 × uncertainty 0.0).");
    expect(plain).toBe("5 rollouts earn a mean reward of 0.95 while the panel fails them.");
    expect(figures).toBe("Priority 1.20 = weight 1 × impact 2.4 × (0.5 + 0.5 × uncertainty 0.0).");
  });

  it("marks each glossary term in a sentence, in order", () => {
    expect(glossText("a rise of 7.1σ; t = 12.3 against a threshold of 4.1 at ρ = 0.2")).toEqual([
      { text: "a rise of 7.1", term: null },
      { text: "σ", term: "sigma" },
      { text: "; ", term: null },
      { text: "t = ", term: "t" },
      { text: "12.3 against a ", term: null },
      { text: "threshold", term: "threshold" },
      { text: " of 4.1 at ", term: null },
      { text: "ρ", term: "rho" },
      { text: " = 0.2", term: null },
    ]);
  });
});
