import { registerSimulatedJudge } from "../judges/simulated-judge-registry";
import { createSimulatedJudges } from "./simulated-judges";

/**
 * Gives the core's judging pipeline the lab's simulated judges, under the names seedSimulatedJudges
 * stores them by. One seeding rule for every verdict they give, whichever job asks: seed 0, with
 * each verdict's noise drawn per judge and trace. Registering again changes nothing.
 */
export function registerLabSimulatedJudges() {
  for (const judge of createSimulatedJudges({ seed: 0 })) registerSimulatedJudge(judge.name, judge.judge);
}
