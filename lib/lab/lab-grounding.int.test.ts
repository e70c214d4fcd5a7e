import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { createJudge } from "../judges/save-judge";
import { deleteProject, makeProject, uniqueName } from "../testing/factories";
import { handleGrounding } from "../tasks/grounding-job";
import { generateLabTasks } from "./generate-tasks";
import { registerLabGroundingPolicy, LAB_GROUNDING_POLICY } from "./lab-grounding-policy";
import { deriveSeed } from "../random/prng";
import { decideVerdict } from "./refund-policy";
import { REMEMBERED_POLICY } from "./scripted-agent";
import { writePlantedTasks } from "./write-planted-tasks";

const db = getDb();
let project: { id: string };
const seed = 7;
// The tasks a lab run with this seed plants (run-lab's ids and seeds).
const tasks = generateLabTasks({ seed: deriveSeed(seed, "train-tasks"), count: 48, idPrefix: `lab-train-s${seed}` });

beforeAll(async () => {
  project = await makeProject(db, "lab-grounding");
  await writePlantedTasks(db, { projectId: project.id, tasks });
  registerLabGroundingPolicy();
});
afterAll(() => deleteProject(db, project.id));

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

describe("grounding A/B on the lab", () => {
  it("finds a gap where the answer depends on the written policy and none where memory gives the same answer", async () => {
    const judge = await createJudge(db, { projectId: project.id, input: { name: uniqueName("reference"), config: { kind: "reference" } } });
    const context = { db, projectId: project.id, jobId: uniqueName("grounding-job"), signal: new AbortController().signal, reportProgress: async () => undefined };
    const payload = { policy: { kind: "registered" as const, name: LAB_GROUNDING_POLICY }, judgeIds: [judge.judge.id], environment: "lab", samples: 32 };
    const result = await handleGrounding(payload, context);

    // Only the with-context variants have context to take away; every one of them got a gap.
    expect(result.tasks).toBe(48);
    expect(result.unmeasured).toEqual([]);
    expect(result.rolloutErrorCount).toBe(0);
    const rows = await db.task.findMany({ where: { projectId: project.id }, select: { externalId: true, groundingGap: true } });
    const gapOf = new Map(rows.map((row) => [row.externalId, row.groundingGap]));
    expect(rows.filter((row) => row.externalId.endsWith("/no-context")).every((row) => row.groundingGap === null)).toBe(true);

    // A task depends on its context when the agent's remembered policy gives another verdict than the written one.
    const withContext = tasks.filter((task) => task.contextShown);
    const dependsOnContext = (task: (typeof tasks)[number]) => decideVerdict(task.orders.find((o) => o.id === task.requestedOrderId)!, REMEMBERED_POLICY, task.requestDate).verdict !== task.planted.verdict;
    const dependent = withContext.filter(dependsOnContext).map((task) => gapOf.get(task.id)!);
    const independent = withContext.filter((task) => !dependsOnContext(task)).map((task) => gapOf.get(task.id)!);
    console.info(`grounding gap: ${dependent.length} context-dependent tasks mean ${mean(dependent).toFixed(3)} (min ${Math.min(...dependent).toFixed(3)}), ${independent.length} independent mean ${mean(independent).toFixed(3)} (max |gap| ${Math.max(...independent.map(Math.abs)).toFixed(3)})`);
    expect(dependent.length).toBeGreaterThan(5);
    expect(independent.length).toBeGreaterThan(5);
    expect(mean(dependent)).toBeGreaterThan(0.12);
    expect(mean(dependent) - mean(independent)).toBeGreaterThan(0.1);
    expect(Math.abs(mean(independent))).toBeLessThan(0.05);
    expect(result.bySource).toEqual([expect.objectContaining({ source: "lab · planted", tasks: 48 })]);

    // Run again under the same job: the rollouts and verdicts are kept, so the gaps are the same.
    const again = await handleGrounding(payload, context);
    expect(again.measured.map((row) => row.gap)).toEqual(result.measured.map((row) => row.gap));
  }, 120_000);
});
