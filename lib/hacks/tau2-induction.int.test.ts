import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { assertDatasetsPresent, datasetsDir } from "../testing/datasets-dir";
import { deleteProject, makeProject, makeUser } from "../testing/factories";
import type { ComposableCheck } from "../checks/rubric-item-schema";
import { measureTau2Induction, type Tau2InductionResult } from "./measure-tau2-induction";

const db = getDb();
const gpt41 = "tau2-results/gpt-4.1_airline_default_gpt-4.1_1trials.json";
const gpt4o = "tau2-judge-viewer/azure-airline-full.json";
const projectIds: string[] = [];

async function induceOn(train: string, test: string): Promise<Tau2InductionResult> {
  const [trainProject, testProject] = [await makeProject(db, "tau2-train"), await makeProject(db, "tau2-test")];
  projectIds.push(trainProject.id, testProject.id);
  const reviewer = await makeUser(db, { projectId: trainProject.id, role: "reviewer" });
  return measureTau2Induction(db, { trainPath: join(datasetsDir, train), testPath: join(datasetsDir, test), trainProjectId: trainProject.id, testProjectId: testProject.id, reviewerId: reviewer.id });
}

/** Every leaf kind a composed check reads. */
function leafKinds(check: ComposableCheck): string[] {
  if (check.kind === "all" || check.kind === "any") return check.checks.flatMap(leafKinds);
  if (check.kind === "not") return leafKinds(check.check);
  if (check.kind === "implies") return [...leafKinds(check.when), ...leafKinds(check.then)];
  return [check.kind];
}
// What an agent did (its tool calls and their results) or said (its replies); not its length or step count.
const readsToolsOrText = new Set(["tool_called", "tool_not_called", "tool_order", "tool_result", "value_carried", "value_compared", "regex"]);

let fromGpt41: Tau2InductionResult;
let fromGpt4o: Tau2InductionResult;
beforeAll(async () => {
  assertDatasetsPresent();
  fromGpt41 = await induceOn(gpt41, gpt4o);
  fromGpt4o = await induceOn(gpt4o, gpt41);
}, 120_000);
afterAll(async () => {
  for (const id of projectIds) await deleteProject(db, id);
});

describe("induction on tau2 airline simulations, measured against tau2's action checks", () => {
  it("confirms the simulations whose expected write failed and whose agent says it was done, and labels the rest pass", () => {
    expect(fromGpt41.train).toEqual({ simulations: 20, positives: 7, calledAnyway: 5, examples: 4, honest: 13, honestClaiming: 7 });
    expect(fromGpt4o.train).toEqual({ simulations: 50, positives: 19, calledAnyway: 11, examples: 10, honest: 31, honestClaiming: 15 });
  });

  it("proposes a rule check that reads tool calls, tool results or reply text", () => {
    for (const result of [fromGpt41, fromGpt4o]) {
      expect(result.check).not.toBeNull();
      for (const kind of leafKinds(result.check!)) expect(readsToolsOrText).toContain(kind);
    }
  });

  it("scores on the other file what scripts/measure-tau2-induction.ts prints: it fits its few examples and does not carry over", () => {
    expect(fromGpt41.outOfSample).toEqual({ simulations: 50, positives: 19, fired: 5, truePositives: 5, precision: 1, recall: 5 / 19 });
    expect(fromGpt4o.outOfSample).toEqual({ simulations: 20, positives: 7, fired: 4, truePositives: 0, precision: 0, recall: 0 });
  });
});
