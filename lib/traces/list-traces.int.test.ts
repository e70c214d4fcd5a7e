import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { syncOpenEdgeCases } from "../review/sync-open-edge-cases";
import { deleteProject, makeEdgeCase, makeProject } from "../testing/factories";
import { listTraces } from "./list-traces";
import { storeTraces } from "./store-traces";
import { traceListQuerySchema, type TraceListQuery } from "./trace-list-query";
import { traceSchema } from "./trace-schema";

const db = getDb();
let projectId: string;
let runId: string;
const query = (params: Record<string, string> = {}): TraceListQuery => traceListQuerySchema.parse(params);

beforeAll(async () => {
  projectId = (await makeProject(db, "list")).id;
  runId = (await db.trainingRun.create({ data: { projectId, name: "run-a", trainer: "test" } })).id;
  const traces = Array.from({ length: 37 }, (_, i) => ({
    externalId: `t${i}`,
    trace: traceSchema.parse({
      source: i % 3 === 0 ? "rollout" : "production",
      environment: i % 2 ? "airline" : "retail",
      run: i < 10 ? "run-a" : null,
      input: i === 5 ? "please rebook flight XY123" : `question ${i}`,
      outcome: { reward: i % 4 === 0 ? null : (i % 7) / 7 },
      steps: Array.from({ length: (i % 5) + 1 }, (_, s) => ({ role: "user", content: i === 30 && s === 0 ? "The Refund Policy says Ünïcode" : "x" })),
    }),
  }));
  await storeTraces(db, { projectId, traces });
  await db.trace.updateMany({ where: { projectId, externalId: { in: ["t3", "t4"] } }, data: { openEdgeCases: 1 } });
});
afterAll(() => deleteProject(db, projectId));

async function allPages(params: Record<string, string>) {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 20; pages++) {
    const page = await listTraces(db, { projectId, query: query({ ...params, ...(cursor ? { cursor } : {}) }), limit: 8 });
    ids.push(...page.items.map((item) => item.externalId));
    if (!page.nextCursor) return { ids, total: page.total };
    cursor = page.nextCursor;
  }
  throw new Error("too many pages");
}

const sortOrders = [
  ["createdAt", "desc"],
  ["createdAt", "asc"],
  ["reward", "desc"],
  ["reward", "asc"],
  ["stepCount", "desc"],
  ["stepCount", "asc"],
] as const;

describe("listTraces", () => {
  it.each(sortOrders)("pages through every trace once sorted by %s %s", async (sort, dir) => {
    const { ids, total } = await allPages({ sort, dir });
    expect(total).toBe(37);
    expect(ids).toHaveLength(37);
    expect(new Set(ids).size).toBe(37);
    const rows = await db.trace.findMany({ where: { projectId }, select: { externalId: true, reward: true, stepCount: true, createdAt: true, id: true } });
    const byId = new Map(rows.map((row) => [row.externalId, row]));
    const keys = ids.map((id) => byId.get(id)!);
    for (let i = 1; i < keys.length; i++) {
      const [a, b] = [keys[i - 1]!, keys[i]!];
      const key = (row: typeof a) => (sort === "createdAt" ? row.createdAt.getTime() : sort === "reward" ? row.reward : row.stepCount);
      const [ka, kb] = [key(a), key(b)];
      if (ka === null) expect(kb).toBeNull(); // nulls last
      else if (kb !== null) expect(dir === "desc" ? ka >= kb : ka <= kb).toBe(true);
    }
  });

  it.each(sortOrders)("goes back page by page from the last, sorted by %s %s, through the same pages, alone and with text or a date range", async (sort, dir) => {
    const today = new Date().toISOString().slice(0, 10);
    const cases: Record<string, string>[] = [{ sort, dir }, { sort, dir, q: "question" }, { sort, dir, from: today, to: today }];
    for (const params of cases) {
      const forward: string[][] = [];
      let page = await listTraces(db, { projectId, query: query(params), limit: 8 });
      expect(page.previousCursor).toBeNull();
      for (;;) {
        forward.push(page.items.map((item) => item.externalId));
        if (!page.nextCursor) break;
        page = await listTraces(db, { projectId, query: query({ ...params, cursor: page.nextCursor }), limit: 8 });
      }
      expect(forward.length, JSON.stringify(params)).toBe(5);
      const backward = [forward.at(-1)!];
      while (page.previousCursor) {
        page = await listTraces(db, { projectId, query: query({ ...params, cursor: page.previousCursor }), limit: 8 });
        backward.unshift(page.items.map((item) => item.externalId));
        // From a page reached backwards, the next page is the one it was reached from.
        if (page.nextCursor) expect((await listTraces(db, { projectId, query: query({ ...params, cursor: page.nextCursor }), limit: 8 })).items.map((item) => item.externalId)).toEqual(backward[1]);
      }
      expect(backward, JSON.stringify(params)).toEqual(forward);
    }
  });

  it.each(sortOrders)("pages through the traces a text matches sorted by %s %s, in the list's own order", async (sort, dir) => {
    const all = await allPages({ sort, dir });
    const matching = await allPages({ sort, dir, q: "QUESTION" });
    expect(matching.total).toBe(36);
    expect(matching.ids).toEqual(all.ids.filter((id) => id !== "t5"));
  });

  it.each<Record<string, string>>([{ source: "rollout" }, { environment: "airline" }, { run: "run-a" }, { rewardMin: "0.2", rewardMax: "0.6" }, { hasOpenEdgeCase: "1" }])(
    "combines text with the filter %o as the list does without text",
    async (filter) => {
      const all = await allPages(filter);
      const matching = await allPages({ ...filter, q: "question" });
      expect(matching.ids).toEqual(all.ids.filter((id) => id !== "t5"));
      expect(matching.total).toBe(matching.ids.length);
    },
  );

  it("filters by source, environment, run id or name, reward range, open edge cases, text and dates", async () => {
    const count = async (params: Record<string, string>) => (await listTraces(db, { projectId, query: query(params) })).total;
    expect(await count({ source: "rollout" })).toBe(13);
    expect(await count({ environment: "airline" })).toBe(18);
    expect(await count({ run: runId })).toBe(10);
    expect(await count({ run: "run-a" })).toBe(10);
    expect(await count({ run: "no-such-run" })).toBe(0);
    expect(await count({ rewardMin: "0.5", rewardMax: "0.9" })).toBeGreaterThan(0);
    expect(await count({ rewardMin: "2" })).toBe(0);
    expect(await count({ hasOpenEdgeCase: "1" })).toBe(2);
    expect(await count({ q: "XY123" })).toBe(1);
    expect(await count({ q: "xy123" })).toBe(1); // case-insensitive
    expect(await count({ q: "refund policy" })).toBe(1); // in a step's content, not the input
    const today = new Date().toISOString().slice(0, 10);
    expect(await count({ from: today, to: today })).toBe(37);
    expect(await count({ to: "2000-01-01" })).toBe(0);
    expect(await count({ rewardMin: "abc", sort: "nope" })).toBe(37);
  });

  it.each([["desc"], ["asc"]])("pages %s through a date range and through a text search, each trace once", async (dir) => {
    const today = new Date().toISOString().slice(0, 10);
    const dated = await allPages({ from: today, to: today, dir });
    expect(new Set(dated.ids).size).toBe(37);
    expect(dated.ids).toHaveLength(37);
    const searched = await allPages({ q: "QUESTION", from: today, dir });
    expect(searched.ids).toHaveLength(36);
    expect(new Set(searched.ids).size).toBe(36);
  });

  it("counts up to a limit and says when there are more", async () => {
    const capped = await listTraces(db, { projectId, query: query(), countUpTo: 10 });
    expect(capped).toMatchObject({ total: 10, totalIsLowerBound: true });
    expect(await listTraces(db, { projectId, query: query(), countUpTo: 37 })).toMatchObject({ total: 37, totalIsLowerBound: false });
  });

  it("counts text matches up to its own limit and says when there are more, with the page unchanged", async () => {
    const capped = await listTraces(db, { projectId, query: query({ q: "question" }), countUpTo: 10, limit: 5 });
    expect(capped).toMatchObject({ total: 10, totalIsLowerBound: true });
    const full = await listTraces(db, { projectId, query: query({ q: "question" }), limit: 5 });
    expect(full).toMatchObject({ total: 36, totalIsLowerBound: false });
    expect(capped.items.map((item) => item.id)).toEqual(full.items.map((item) => item.id));
  });

  it("matches free text within the newest traces of the other filters, and says so", async () => {
    const newest = await listTraces(db, { projectId, query: query(), limit: 5 });
    const inWindow = await listTraces(db, { projectId, query: query({ q: "question" }), searchNewest: 5 });
    expect(inWindow.searchedNewest).toBe(5);
    expect(inWindow.items.map((item) => item.id).sort()).toEqual(newest.items.filter((item) => item.preview.includes("question")).map((item) => item.id).sort());
    const unbounded = await listTraces(db, { projectId, query: query({ q: "question" }) });
    expect(unbounded).toMatchObject({ total: 36, searchedNewest: null });
  });

  it("matches step content within the window, and only there", async () => {
    const newest = await listTraces(db, { projectId, query: query(), limit: 5 });
    const inNewest = await listTraces(db, { projectId, query: query({ q: "refund policy" }), searchNewest: 5 });
    expect(inNewest.items.map((item) => item.externalId)).toEqual(newest.items.some((item) => item.externalId === "t30") ? ["t30"] : []);
    const inAll = await listTraces(db, { projectId, query: query({ q: "refund policy" }), searchNewest: 37 });
    expect(inAll).toMatchObject({ total: 1, searchedNewest: 37 });
    expect(inAll.items.map((item) => item.externalId)).toEqual(["t30"]);
  });

  it.each(sortOrders)("lists exactly the traces with an open review case sorted by %s %s, as the cases stand after each change", async (sort, dir) => {
    const own = await makeProject(db, "list-open-cases");
    try {
      // Some traces share a createdAt, so the id decides their order.
      const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(i / 3)));
      await storeTraces(db, {
        projectId: own.id,
        traces: Array.from({ length: 30 }, (_, i) => ({
          externalId: `c${i}`,
          trace: traceSchema.parse({ input: `case trace ${i}`, outcome: { reward: i % 5 === 0 ? null : (i % 4) / 4 }, steps: Array.from({ length: (i % 3) + 1 }, () => ({ role: "user", content: "x" })) }),
        })),
      });
      const traces = await db.trace.findMany({ where: { projectId: own.id }, select: { id: true, externalId: true } });
      await Promise.all(traces.map(({ id, externalId }) => db.trace.update({ where: { id }, data: { createdAt: at(Number(externalId.slice(1))) } })));
      const idOf = new Map(traces.map((trace) => [trace.externalId, trace.id]));
      const openCase = async (key: string, examples: number[]) =>
        makeEdgeCase(db, { projectId: own.id, kind: "test", groupKey: key, title: key, examples: examples.map((i) => ({ traceId: idOf.get(`c${i}`)! })) });
      const expected = async () => {
        const rows = await db.trace.findMany({ where: { projectId: own.id }, select: { externalId: true, id: true, openEdgeCases: true, createdAt: true, reward: true, stepCount: true } });
        const value = (row: (typeof rows)[number]) => (sort === "createdAt" ? row.createdAt.getTime() : row[sort]);
        const ascending = (a: (typeof rows)[number], b: (typeof rows)[number]) => {
          const [va, vb] = [value(a), value(b)];
          if (va !== vb && (va === null || vb === null)) return 0;
          return va !== null && vb !== null && va !== vb ? (va < vb ? -1 : 1) : a.id < b.id ? -1 : 1;
        };
        // Either direction, with the traces without a value (reward) after the rest.
        const compare = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
          Number(value(a) === null) - Number(value(b) === null) || ascending(a, b) * (dir === "desc" ? -1 : 1);
        return rows.filter((row) => row.openEdgeCases > 0).sort(compare).map((row) => row.externalId);
      };
      const listed = async () => {
        const ids: string[] = [];
        let cursor: string | undefined;
        for (let pages = 0; pages < 20; pages++) {
          const page = await listTraces(db, { projectId: own.id, query: query({ hasOpenEdgeCase: "1", sort, dir, ...(cursor ? { cursor } : {}) }), limit: 4 });
          ids.push(...page.items.map((item) => item.externalId));
          if (!page.nextCursor) return { ids, total: (await listTraces(db, { projectId: own.id, query: query({ hasOpenEdgeCase: "1" }) })).total };
          cursor = page.nextCursor;
        }
        throw new Error("too many pages");
      };

      const first = await openCase("first", [0, 1, 2, 3, 4, 9, 10, 11, 20, 29]);
      const second = await openCase("second", [3, 4, 5, 12, 13, 14, 27]);
      await syncOpenEdgeCases(db, [...idOf.values()]);
      const both = await expected();
      expect(both).toHaveLength(15);
      expect(await listed()).toEqual({ ids: both, total: 15 });

      // A decided case no longer counts: traces only it held leave the list, those the other holds stay.
      await db.edgeCase.update({ where: { id: first.id }, data: { status: "decided" } });
      await syncOpenEdgeCases(db, [...idOf.values()]);
      const afterDecision = await expected();
      expect(afterDecision.sort()).toEqual(["c12", "c13", "c14", "c27", "c3", "c4", "c5"]);
      expect(await listed()).toEqual({ ids: await expected(), total: 7 });

      await db.edgeCase.update({ where: { id: second.id }, data: { status: "decided" } });
      await syncOpenEdgeCases(db, [...idOf.values()]);
      expect(await listed()).toEqual({ ids: [], total: 0 });
    } finally {
      await deleteProject(db, own.id);
    }
  });

  it("finds traces by a run name that no run of the project has, and by a run's id only where the run exists", async () => {
    const own = await makeProject(db, "list-run-only-named");
    try {
      await storeTraces(db, {
        projectId: own.id,
        traces: Array.from({ length: 6 }, (_, i) => ({ externalId: `n${i}`, trace: traceSchema.parse({ run: i < 4 ? "named-only" : "other", steps: [] }) })),
      });
      const listed = async (run: string) => (await listTraces(db, { projectId: own.id, query: query({ run }) })).items.map((item) => item.externalId).sort();
      expect(await listed("named-only")).toEqual(["n0", "n1", "n2", "n3"]);
      expect(await listed("other")).toEqual(["n4", "n5"]);
      expect(await listed("named")).toEqual([]);
    } finally {
      await deleteProject(db, own.id);
    }
  });

  it("shows the linked run's name where the trace named its run by id", async () => {
    const own = await makeProject(db, "list-run-name");
    try {
      const run = await db.trainingRun.create({ data: { projectId: own.id, name: "grpo-refunds-3", trainer: "test" } });
      await storeTraces(db, {
        projectId: own.id,
        traces: [{ externalId: "by-id", trace: traceSchema.parse({ run: run.id, steps: [] }) }],
        runId: run.id,
      });
      await storeTraces(db, { projectId: own.id, traces: [{ externalId: "unlinked", trace: traceSchema.parse({ run: "named-only", steps: [] }) }] });
      const page = await listTraces(db, { projectId: own.id, query: query() });
      expect(Object.fromEntries(page.items.map((item) => [item.externalId, item.runName]))).toEqual({ "by-id": "grpo-refunds-3", unlinked: "named-only" });
    } finally {
      await deleteProject(db, own.id);
    }
  });
});
