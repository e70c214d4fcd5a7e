import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { deleteProject, makeProject } from "../testing/factories";
import { storeTraces } from "./store-traces";
import { traceNames } from "./trace-names";
import { traceSchema } from "./trace-schema";

const db = getDb();
let projectId: string;
let otherProjectId: string;
beforeAll(async () => {
  [projectId, otherProjectId] = [(await makeProject(db, "trace-names")).id, (await makeProject(db, "trace-names-other")).id];
});
afterAll(() => Promise.all([deleteProject(db, projectId), deleteProject(db, otherProjectId)]));

const traces = (...ids: string[]) => ids.map((externalId) => ({ externalId, trace: traceSchema.parse({ externalId, steps: [{ role: "user", content: "refund please" }] }) }));

describe("traceNames", () => {
  it("gives the project's traces their external ids, and nothing for another project's", async () => {
    const mine = await storeTraces(db, { projectId, traces: traces("lab:run-7:159:0", "lab:run-7:159:1") });
    const theirs = await storeTraces(db, { projectId: otherProjectId, traces: traces("private:1") });
    const [first, second] = [mine.storedIds.get("lab:run-7:159:0")!, mine.storedIds.get("lab:run-7:159:1")!];
    const names = await traceNames(db, { projectId, ids: [first, second, first, theirs.storedIds.get("private:1")!] });
    expect([...names.entries()].sort()).toEqual([[first, "lab:run-7:159:0"], [second, "lab:run-7:159:1"]].sort());
  });
});
