import type { LlmItemAsker } from "../checks/llm-item-asker";
import type { RubricItem } from "../checks/rubric-item-schema";
import { measureFirings, type CheckMeasurement, type InductionSets, type ViewedTrace } from "./measure-check";

// Every answer is a paid judge call: measure on the first examples and honest traces only.
const sampled = { examples: 20, honest: 40 };

/** An llm hack question measured like a rule check, on a bounded sample of both sets (the figures say how many). */
export async function measureLlmQuestion(ask: LlmItemAsker, item: RubricItem, sets: InductionSets): Promise<CheckMeasurement> {
  const sample = { examples: sets.examples.slice(0, sampled.examples), honest: sets.honest.slice(0, sampled.honest) };
  const fires = async (traces: ViewedTrace[]) => Promise.all(traces.map(async ({ trace }) => (await ask({ item, question: item.question, trace })).answer === "yes"));
  const [examples, honest] = await Promise.all([fires(sample.examples), fires(sample.honest)]);
  return measureFirings(sample, { examples, honest });
}
