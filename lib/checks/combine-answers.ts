import type { ItemAnswer } from "./rubric-item-schema";

/**
 * Kleene's three-valued logic, the meaning of `all`, `any` and `not`: `all` is no as soon as one
 * part is no, yes when every part is yes, else n/a; `any` is yes as soon as one part is yes, no
 * when every part is no, else n/a; `not` swaps yes and no and keeps n/a. Pure and exported on its
 * own so a search over candidate checks can evaluate each rule once per trace and combine the
 * answers without re-reading traces.
 */
export function combineAnswers(kind: "all" | "any", answers: readonly ItemAnswer[]): ItemAnswer {
  const decisive = kind === "all" ? "no" : "yes";
  if (answers.includes(decisive)) return decisive;
  if (answers.includes("n/a")) return "n/a";
  return kind === "all" ? "yes" : "no";
}

export function negateAnswer(answer: ItemAnswer): ItemAnswer {
  return answer === "yes" ? "no" : answer === "no" ? "yes" : "n/a";
}
