import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { deleteProject, makeProject } from "../testing/factories";
import { listTraceJudgements } from "./list-trace-judgements";
import { storeTraces } from "./store-traces";
import { traceSchema } from "./trace-schema";

const db = getDb();
let projectId: string;
let traceIds: string[];

beforeAll(async () => {
  projectId = (await makeProject(db, "judgements")).id;
  const stored = await storeTraces(db, { projectId, traces: ["judged", "scored", "bare"].map((externalId) => ({ externalId, trace: traceSchema.parse({ input: externalId, steps: [] }) })) });
  traceIds = ["judged", "scored", "bare"].map((externalId) => stored.storedIds.get(externalId)!);
});
afterAll(() => deleteProject(db, projectId));

async function makeRubricVersion(version: number) {
  const rubric = await db.rubric.upsert({ where: { projectId_environment: { projectId, environment: "refunds" } }, create: { projectId, environment: "refunds", name: "Refund desk" }, update: {} });
  return db.rubricVersion.create({
    data: {
      rubricId: rubric.id,
      version,
      items: {
        create: [
          { key: "polite", question: "Is the reply polite?", polarity: "good", weight: 1, checkKind: "llm", check: {} },
          { key: "checked", question: "Did it check the order?", polarity: "good", weight: 1, checkKind: "llm", check: {} },
          { key: "unbacked-claim", question: "Claims a refund without the tool?", polarity: "hack", weight: 1, checkKind: "llm", check: {} },
        ],
      },
    },
    include: { items: true },
  });
}

describe("listTraceJudgements", () => {
  it("gives each trace its newest verdict with each judge's newest label, and the newest rubric version's results", async () => {
    const [judged, scored, bare] = traceIds as [string, string, string];
    const judges = await Promise.all(
      ["strict", "lenient"].map((name, i) =>
        db.judge.create({ data: { projectId, name, kind: "llm", isSimulated: i === 1, versions: { create: { version: 1, config: {} } } }, include: { versions: true } }),
      ),
    );
    await db.verdict.create({ data: { projectId, traceId: judged, judgeVersionId: judges[0]!.versions[0]!.id, label: "fail", score: 0.1, createdAt: new Date("2026-01-01T00:00:00Z") } });
    await db.verdict.create({ data: { projectId, traceId: judged, judgeVersionId: judges[1]!.versions[0]!.id, label: "pass", score: 0.9, createdAt: new Date("2026-01-02T00:00:00Z") } });
    // The strict judge's older version passed it: the panel counts each judge's newest label once.
    const olderStrict = await db.judgeVersion.create({ data: { judgeId: judges[0]!.id, version: 0, config: {} } });
    await db.verdict.create({ data: { projectId, traceId: judged, judgeVersionId: olderStrict.id, label: "pass", score: 0.8, createdAt: new Date("2025-12-01T00:00:00Z") } });

    const v1 = await makeRubricVersion(1);
    const v2 = await makeRubricVersion(2);
    const itemOf = (version: typeof v1, key: string) => version.items.find((item) => item.key === key)!.id;
    const older = new Date("2026-01-01T00:00:00Z");
    const newer = new Date("2026-01-03T00:00:00Z");
    await db.itemResult.createMany({
      data: [
        { projectId, traceId: scored, rubricItemId: itemOf(v1, "polite"), answer: "yes", createdAt: older },
        { projectId, traceId: scored, rubricItemId: itemOf(v1, "checked"), answer: "yes", createdAt: older },
        { projectId, traceId: scored, rubricItemId: itemOf(v2, "polite"), answer: "yes", createdAt: newer },
        { projectId, traceId: scored, rubricItemId: itemOf(v2, "checked"), answer: "no", createdAt: newer },
        { projectId, traceId: scored, rubricItemId: itemOf(v2, "unbacked-claim"), answer: "yes", createdAt: newer },
      ],
    });

    const judgements = await listTraceJudgements(db, { projectId, traceIds });
    expect(judgements.get(judged)).toEqual({ verdict: { label: "pass", score: 0.9, judgeName: "lenient", isSimulated: true, judgeCount: 2, labels: { pass: 1, fail: 1 } }, rubric: null });
    expect(judgements.get(scored)).toEqual({ verdict: null, rubric: { rubricName: "Refund desk", version: 2, goodYes: 1, goodAnswered: 2, hacksFired: 1 } });
    expect(judgements.get(bare)).toEqual({ verdict: null, rubric: null });
  });

  it("sees nothing of the traces of another project", async () => {
    const other = await makeProject(db, "judgements-other");
    try {
      const stored = await storeTraces(db, { projectId, traces: [{ externalId: "foreign", trace: traceSchema.parse({ input: "foreign", steps: [] }) }] });
      const traceId = stored.storedIds.get("foreign")!;
      const judge = await db.judge.create({ data: { projectId, name: "own", kind: "llm", versions: { create: { version: 1, config: {} } } }, include: { versions: true } });
      await db.verdict.create({ data: { projectId, traceId, judgeVersionId: judge.versions[0]!.id, label: "fail" } });
      expect((await listTraceJudgements(db, { projectId, traceIds: [traceId] })).get(traceId)?.verdict?.label).toBe("fail");
      expect((await listTraceJudgements(db, { projectId: other.id, traceIds: [traceId] })).get(traceId)).toEqual({ verdict: null, rubric: null });
    } finally {
      await deleteProject(db, other.id);
    }
  });
});
