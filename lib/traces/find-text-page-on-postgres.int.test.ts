import { afterAll, beforeAll, expect, it } from "vitest";
import { currentProvider, getDb } from "../db/client";
import { deleteProject, makeProject } from "../testing/factories";
import { findTextPageOnPostgres } from "./find-text-page-on-postgres";
import { storeTraces } from "./store-traces";
import { traceListQuerySchema } from "./trace-list-query";
import { traceSchema } from "./trace-schema";

// Both ways of matching steps (from the trigram index, or probing each window trace) find the same
// traces, hostile texts included; listTraces picks one from the planner's estimate, which on a
// small test table is always the index.
const isPostgres = currentProvider() === "postgresql";
const db = getDb();
let projectId: string;
const contents = ["a discount of 100% off", "the snake_case name", "C:\\temp\\logs", "name' OR 1=1 --", "Nothing Special here", "ÜBER straße"];

beforeAll(async () => {
  projectId = (await makeProject(db, "text-page")).id;
  const traces = contents.map((content, i) => ({ externalId: `s${i}`, trace: traceSchema.parse({ input: "see the steps", steps: [{ role: "user", content: "x" }, { role: "assistant", content }] }) }));
  await storeTraces(db, { projectId, traces });
});
afterAll(() => deleteProject(db, projectId));

const page = async (q: string, stepsFromIndexUpTo: number, { countUpTo = 100, take = 50 } = {}) => {
  const { ids, matched } = await findTextPageOnPostgres(db, { projectId, query: traceListQuerySchema.parse({ q }), q, run: null, cursor: null, take, searchNewest: 100, countUpTo, stepsFromIndexUpTo });
  const rows = await db.trace.findMany({ where: { id: { in: ids } }, select: { externalId: true } });
  return { found: rows.map((row) => row.externalId).sort(), matched };
};

it.skipIf(!isPostgres).each([
  ["%", ["s0"]],
  ["_", ["s1"]],
  ["1%f", []],
  ["\\t", ["s2"]],
  ["' OR 1=1", ["s3"]],
  ["special", ["s4"]],
  ["über STRASSE", []],
  ["über STRAßE", ["s5"]],
  ["see the", ["s0", "s1", "s2", "s3", "s4", "s5"]],
])("(PostgreSQL only) %j finds the same traces through the index and by probing each trace", async (q, expected) => {
  const fromIndex = await page(q, Number.POSITIVE_INFINITY);
  const probing = await page(q, -1);
  expect(fromIndex).toEqual({ found: expected, matched: expected.length });
  expect(probing).toEqual(fromIndex);
});

it.skipIf(!isPostgres).each([["through the index", Number.POSITIVE_INFINITY], ["probing each trace", -1]])(
  "(PostgreSQL only) counts the matches %s up to the bound and one more, and still fills the page",
  async (_way, stepsFromIndexUpTo) => {
    const bounded = await page("see the", stepsFromIndexUpTo, { countUpTo: 2, take: 4 });
    expect(bounded.matched).toBe(3);
    expect(bounded.found).toHaveLength(4);
  },
);
