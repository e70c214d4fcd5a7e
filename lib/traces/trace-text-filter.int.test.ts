import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "../db/client";
import { deleteProject, makeProject } from "../testing/factories";
import { listTraces } from "./list-traces";
import { storeTraces } from "./store-traces";
import { traceListQuerySchema } from "./trace-list-query";
import { traceSchema } from "./trace-schema";

const db = getDb();
let projectId: string;

// Each text is where only its own trace holds it; a LIKE with live wildcards finds more.
const texts = {
  percent: "a discount of 100% off",
  underscore: "the snake_case name",
  regex: "the pattern .*( never closes",
  backslash: "the folder C:\\temp\\logs",
  sql: "name' OR 1=1 -- and the rest",
  plain: "Nothing Special here",
};

beforeAll(async () => {
  projectId = (await makeProject(db, "text-filter")).id;
  const traces = Object.entries(texts).map(([name, text], i) => ({
    externalId: name,
    // One in the output and one only in a step, so every field the search reads is covered.
    trace: traceSchema.parse(
      i === 1 ? { output: text, steps: [] } : i === 2 ? { input: "see the steps", steps: [{ role: "user", content: text }] } : { input: text },
    ),
  }));
  await storeTraces(db, { projectId, traces });
  // The oldest, so that a window of the newest few leaves it out.
  await db.trace.updateMany({ where: { projectId, externalId: "percent" }, data: { createdAt: new Date(Date.now() - 60_000) } });
});
afterAll(() => deleteProject(db, projectId));

const search = async (q: string, searchNewest?: number) =>
  (await listTraces(db, { projectId, query: traceListQuerySchema.parse({ q }), ...(searchNewest ? { searchNewest } : {}) })).items
    .map((item) => item.externalId)
    .sort();

it.each([
  ["%", ["percent"]],
  ["_", ["underscore"]],
  ["100%", ["percent"]],
  ["1%f", []],
  ["s_a", []],
  ["e_c", ["underscore"]],
  [".*(", ["regex"]],
  ["\\", ["backslash"]],
  ["\\t", ["backslash"]],
  ["' OR 1=1 --", ["sql"]],
  ['"; DROP TABLE "Trace"; --', []],
  ["SPECIAL", ["plain"]],
])("a search for %j finds exactly the traces that hold that text", async (q, expected) => {
  expect(await search(q)).toEqual(expected);
});

it("a metacharacter search stays inside the search window", async () => {
  expect(await search("%", 5)).toEqual([]);
  expect(await search("%", 6)).toEqual(["percent"]);
});
