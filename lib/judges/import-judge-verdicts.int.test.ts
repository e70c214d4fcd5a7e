import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { importTraceSource } from "../ingest/import-trace-source";
import { datasetsDir } from "../testing/datasets-dir";
import { deleteProject, makeProject } from "../testing/factories";
import { importJudgeVerdicts } from "./import-judge-verdicts";
import { loadAgreement } from "./load-agreement";

// The tau2 judge_viewer data: four gpt-4o judge prompts over the same 50 airline conversations.
const db = getDb();
const dir = join(datasetsDir, "tau2-judge-viewer");
const prompts = ["customer_outcome", "quick_triage", "policy_conversation", "policy_chain_of_thought"];
const summary = (prompt: string) => JSON.parse(readFileSync(join(dir, `airline-multi-judge-full.json.summary_${prompt}_v1.json`), "utf8"));
let projectId: string;

beforeAll(async () => {
  projectId = (await makeProject(db, "tau2-judges")).id;
});
afterAll(() => deleteProject(db, projectId));

describe("importJudgeVerdicts on the tau2 judge_viewer summaries", () => {
  it("reports every entry as unmatched, with its index, before the traces are imported", async () => {
    const result = await importJudgeVerdicts(db, { projectId, document: summary("quick_triage") });
    expect(result.imported).toBe(0);
    expect(result.unmatched).toHaveLength(50);
    expect(result.unmatched[3]).toMatchObject({ index: 3, error: expect.stringContaining("no trace with externalId tau2:") });
  });

  it("imports 50 verdicts per judge prompt, as imported judges with their config, and re-importing changes nothing", async () => {
    const traces = await importTraceSource(db, { projectId, input: { path: join(dir, "azure-airline-full.json") } });
    expect(traces.accepted).toBe(50);
    for (const prompt of prompts) {
      const result = await importJudgeVerdicts(db, { projectId, document: summary(prompt) });
      expect(result, prompt).toMatchObject({ imported: 50, unchanged: 0, unmatched: [] });
      expect(result.judges.map((j) => j.name)).toEqual([`${prompt}_v1`]);
    }
    const again = await importJudgeVerdicts(db, { projectId, document: summary("quick_triage") });
    expect(again).toMatchObject({ imported: 0, unchanged: 50, unmatched: [] });
    const judges = await db.judge.findMany({ where: { projectId }, include: { versions: true } });
    expect(judges).toHaveLength(4);
    expect(judges.every((j) => j.kind === "imported" && j.versions.length === 1)).toBe(true);
    expect(judges.find((j) => j.name === "quick_triage_v1")!.versions[0]!.config).toMatchObject({ promptName: "quick_triage_v1", model: "azure/gpt-4o-2024-11-20", temperature: 0 });
    const verdict = await db.verdict.findFirstOrThrow({ where: { projectId, judgeVersion: { judge: { name: "quick_triage_v1" } }, trace: { externalId: "tau2:7ad146cf-324c-46e5-93c9-8fb281c7ab01" } } });
    expect(verdict).toMatchObject({ label: "pass", tokensIn: 1021, tokensOut: 51, error: null });
    expect(verdict.rationale).toContain("clearly explained the cancellation policy");
    expect(verdict.costUsd).toBeCloseTo(0.00336875, 8);
  });

  it("agrees with the environment's reward 20, 25, 34 and 18 times of 50, as the dataset's README states", async () => {
    const [airline] = await loadAgreement(db, { projectId });
    expect(airline!.environment).toBe("tau2/airline");
    const agree = Object.fromEntries(airline!.judges.map((j) => [j.name, `${j.outcome.agree}/${j.outcome.total}`]));
    expect(agree).toEqual({ customer_outcome_v1: "20/50", quick_triage_v1: "25/50", policy_conversation_v1: "34/50", policy_chain_of_thought_v1: "18/50" });
    expect(airline!.bestSingle!.name).toBe("policy_conversation_v1");
    expect(airline!.panel.outcome.total).toBe(50);
    expect(airline!.fleissKappa).not.toBeNull();
    const cost = airline!.judges.reduce((sum, j) => sum + j.costUsd, 0);
    const stated = prompts.reduce((sum, p) => sum + summary(p).total_cost_usd, 0);
    expect(cost).toBeCloseTo(stated, 6);
  });
});
